import type { Route } from './router.js'

/**
 * The devnet is built like core: every part (a chain, an HTTP API, a wallet, a site) is a
 * service declared once with `defineService`, and one registry (`src/registry.ts`) lists them.
 * `startDevnet` starts them in the order their `needs` allow (side by side where they can) and
 * stops them in reverse; the Vite plugin and `pnpm dev` read the same declarations.
 *
 * A declaration is cheap to import: the Vite plugin imports every one of them. What is heavy (a
 * chain, a server, native modules) is imported inside `start` and `routes`.
 */
export type DevnetService<Name extends string, Options, Api, Info, Exposed> = {
  /** Unique in the registry; says which part failed when a start fails. */
  readonly name: Name
  /** The services it uses (`context.use`); they start before it and stop after it. */
  readonly needs: readonly AnyService[]
  /**
   * Starts it with its slice of `startDevnet`'s options and resolves with its API (what
   * dependants, routes, `info`, `expose` and `pages` read) and how to stop it. None for a service
   * that only adds to the Vite plugin (a browser wallet).
   */
  start?(context: ServiceContext, options: Options): Running<Api> | Promise<Running<Api>>
  /** Its part of `devnet.info()`: serialisable, what `PORTICO_DEVNET` carries to Vite. */
  info?(api: Api): Info
  /**
   * The same part for a devnet that is not running here, at the ports in `options` (its
   * defaults for the others): what the Vite plugin uses without `PORTICO_DEVNET`.
   */
  infoAt?(host: string, options: Options): Info
  /** What it adds to the `Devnet` object `startDevnet` resolves with (controls for tests). */
  expose?(api: Api): Exposed
  /** Routes it adds to the API server (the Blockchain API and toolkit backend, one port). */
  routes?(api: Api, context: ServiceContext): readonly Route[] | Promise<readonly Route[]>
  /** The pages and URLs `pnpm dev` prints for it, in order. */
  pages?(api: Api): readonly DevnetPage[]
  /** What it adds to `virtual:portico-devnet` and to the pages the Vite dev server serves. */
  readonly vite?: VitePart
}

// biome-ignore lint/suspicious/noExplicitAny: any service, whatever its parts
export type AnyService = DevnetService<string, any, any, any, any>

/** What a started service hands the kernel. */
export type Running<Api> = {
  api: Api
  /** Closes its servers, kills its processes; called once, after its dependants stopped. */
  stop?(): void | Promise<void>
}

/** A line of `pnpm dev`'s summary: `  <label>  <url>  (<about>)`. */
export type DevnetPage = { label: string; url: string; about?: string }

/** The Vite plugin's part of a service. */
export type VitePart = {
  /**
   * Named exports of `virtual:portico-devnet` from the devnet's description (plain data, in
   * builds too). An object export that several services add to (`apiUrls`) is merged.
   * Implementations annotate `info` with the parts they read.
   */
  exports?(info: DevnetInfoParts): Record<string, unknown>
  /** Module scripts injected into the page in dev mode (browser wallets). */
  scripts?: readonly PageScript[]
  /** Packages the page imports through those scripts, pre-bundled up front by Vite. */
  optimizeDeps?: readonly string[]
}

/** `virtual:portico-devnet/<id>`, a module script at the top of every page in dev mode. */
export type PageScript = {
  id: string
  /** `porticoDevnet({ [option]: false })` leaves it off the page. */
  option: string
  /**
   * The module's code; it imports its browser source by absolute path, written as `specifier`
   * makes it (Vite's `/@fs/<path>` by default; the path itself for esbuild).
   */
  code(
    info: DevnetInfoParts,
    settings: { autoApprove: boolean },
    specifier?: (path: string) => string,
  ): string
}

/** The devnet's description as a service sees it: the parts of every service, by name. */
export type DevnetInfoParts = Readonly<Record<string, unknown>>

/** What `start` and `routes` receive. */
export type ServiceContext = {
  /** The interface every server and chain listens on; loopback by default. */
  host: string
  /** The devnet's mnemonic: every key of every chain and wallet derives from it. */
  mnemonic: string
  /** A log line, shown with `quiet: false` (`pnpm dev`); dropped otherwise. */
  log(line: string): void
  /**
   * The port to listen on: the one given, else a free one (0) on a test devnet (API port 0),
   * else the service's default.
   */
  port(given: number | undefined, fallback: number): number
  /** The API of a started service this one declared in `needs`. */
  use<S extends AnyService>(service: S): ApiOf<S>
  /** Every route the started services declared, in registry order (what the API server answers). */
  routes(): readonly Route[]
  /** The devnet's description so far: every started service's `info`. */
  info(): DevnetInfoParts
}

// biome-ignore lint/suspicious/noExplicitAny: matched against any service
export type ApiOf<S> = S extends DevnetService<string, any, infer A, any, any> ? A : never
// biome-ignore lint/suspicious/noExplicitAny: matched against any service
export type OptionsOf<S> = S extends DevnetService<string, infer O, any, any, any> ? O : never
// biome-ignore lint/suspicious/noExplicitAny: matched against any service
export type InfoOf<S> = S extends DevnetService<string, any, any, infer I, any> ? I : never
// biome-ignore lint/suspicious/noExplicitAny: matched against any service
export type ExposedOf<S> = S extends DevnetService<string, any, any, any, infer E> ? E : never

type Nothing = Record<never, never>

/** Declares a service (see `DevnetService`); the types of its parts are inferred. */
export function defineService<
  const Name extends string,
  Options = Nothing,
  Api = undefined,
  Info = Nothing,
  Exposed = Nothing,
>(
  service: DevnetService<Name, Options, Api, Info, Exposed>,
): DevnetService<Name, Options, Api, Info, Exposed> {
  return service
}
