import type { atom, computed } from 'nanostores'
import type { ApiClient } from '../api/index.js'
import type { Logger } from '../logger/index.js'
import type { Message } from '../messages/types.js'
import type { ResolvedOptions } from '../options/index.js'
import type { PorticoInitialState, SafeStorage, StorageAdapter } from '../storage/index.js'
import type { EventBus } from './events.js'
import type { LazyHalf, LoadFailure } from './lazy.js'

/** Time as the client sees it: `Date.now` unless the app (or a test) passes its own. */
export type Clock = { now(): number }

/** What every feature receives: one per client, never shared between clients. */
export type ClientContext = {
  /** The options every feature may read (networks, project id, feature switches, URLs). */
  options: ResolvedOptions
  logger: Logger
  /** JSON under the client's prefix; every read is validated by the caller. */
  storage: SafeStorage
  /** The raw adapter, for libraries that keep their own keys (WalletConnect). */
  storageAdapter: StorageAdapter
  /**
   * The app's storage key (`'portico'` by default): libraries that keep their own keys in the
   * raw adapter put them under it too, so two clients with different keys never meet.
   */
  storageKey: string
  clock: Clock
  /**
   * The hosted services of the spec (the Blockchain API, the toolkit API, the pulse API that takes
   * error telemetry), with the project id and SDK version on every call. Their requests' code loads
   * with the first call.
   */
  api: { blockchain: ApiClient; toolkit: ApiClient; pulse: ApiClient }
  events: EventBus
  /** False on the server (SSR) and in Node tests without a DOM. */
  isBrowser: boolean
  /**
   * The request's stored entries the app passed (`initialState`): the server rendered from them,
   * so the first render in the browser must show the same (the connection hydrates from them).
   */
  initialState: PorticoInitialState | undefined
  /** The app's `fetch` option, for chain reads; undefined means the global one. */
  fetch: typeof fetch | undefined
}

// biome-ignore lint/suspicious/noExplicitAny: any feature, whatever its parts
export type AnyFeature = Feature<string, any, any, any, any, any, any>

/** What a feature gives its siblings (it declared them in `needs`). */
export type InternalOf<F> = F extends { create(...args: never[]): { internal: infer I } }
  ? I
  : never
/** What a feature puts on the client. */
export type PublicOf<F> = F extends { create(...args: never[]): { public: infer P } } ? P : never
/** The options a feature reads from `createPortico(options)`. */
export type OptionsInputOf<F> = F extends { options?: (input: infer In) => unknown }
  ? unknown extends In
    ? Record<never, never>
    : In
  : Record<never, never>

export type FeatureContext = ClientContext & {
  /** The internal part of a feature this one declared in `needs`. */
  use<F extends AnyFeature>(feature: F): InternalOf<F>
  /** Runs when the client is destroyed, in reverse order of creation. */
  onDestroy(cleanup: () => void): void
  /** Runs once every feature exists (restoring a connection needs every connector registered). */
  onStart(start: () => void): void
}

/**
 * What a feature's heavy half receives: its shell's context, and nanostores' `atom` and
 * `computed` for stores of its own. The other helpers it shares with the first load it imports
 * from `core/src/kit.ts`. Why the stores' constructors come this way: Rolldown (Vite) gives a
 * module that lazily loaded code imports a file of its own, and nanostores imported by the halves
 * cost the page two more first-load files (measured: Vite 91.85 → 92.19 KiB, 4 → 6 files).
 */
export type LazyContext = FeatureContext & {
  readonly atom: typeof atom
  readonly computed: typeof computed
}

/**
 * The module of a feature's heavy half, `<feature>/lazy.ts`: it builds the half of one client from
 * the context and what the shell hands it (its stores, its options).
 */
export type LazyHalfModule<Shell, Half> = {
  createLazy(context: LazyContext, shell: Shell): Half
}

/** Binds a client's heavy half to what the shell hands it; `create` calls it once. */
export type BindLazy<Shell, Half> = (shell: Shell) => LazyHalf<Half>

/**
 * One feature of the SDK: a name (its key on the client), the features it needs, its own options
 * (read from the app's options, with defaults and validation), the storage keys it owns, its heavy
 * half (code fetched on first use), and `create`, which builds the shell every page loads (its
 * stores and the actions that wait for the half) and returns its public part (on the client) and,
 * apart, what sibling features may use.
 */
export type Feature<
  Name extends string,
  Public,
  Internal,
  Options,
  Input,
  Shell = never,
  Half = never,
> = {
  readonly name: Name
  readonly needs: readonly AnyFeature[]
  /** Keys (under the storage prefix) this feature writes; two features never share one. */
  readonly storageKeys: readonly string[]
  /** Reads, checks and defaults this feature's options; throws a PorticoError on bad input. */
  readonly options?: (input: Input) => Options
  /** The heavy half's code: `() => import('./lazy.js')`. */
  readonly lazy?: () => Promise<LazyHalfModule<Shell, Half>>
  /**
   * When the half's code cannot be fetched: what the user reads (MODULE_LOAD_FAILED with this
   * message), or the error itself.
   */
  readonly lazyError?: LoadFailure | Message
  create(
    context: FeatureContext,
    options: Options,
    lazy: BindLazy<Shell, Half>,
  ): { public: Public; internal: Internal }
}

export type DefineFeatureParameters<
  Name extends string,
  Public,
  Internal,
  Options,
  Input,
  Shell,
  Half,
> = {
  name: Name
  needs?: readonly AnyFeature[]
  storageKeys?: readonly string[]
  options?: (input: Input) => Options
  /**
   * The feature's heavy half, declared once: `lazy: () => import('./lazy.js')`. The kernel fetches
   * it on first use (once per page, again after a failed fetch), builds it once per client, and
   * raises `MODULE_LOAD_FAILED` (or `lazyError`'s error) when it cannot be fetched.
   */
  lazy?: () => Promise<LazyHalfModule<Shell, Half>>
  lazyError?: LoadFailure | Message
  create(
    context: FeatureContext,
    options: Options,
    lazy: BindLazy<Shell, Half>,
  ): { public: Public; internal?: Internal }
}

export function defineFeature<
  const Name extends string,
  Public,
  Internal = undefined,
  Options = undefined,
  Input = unknown,
  Shell = never,
  Half = never,
>(
  parameters: DefineFeatureParameters<Name, Public, Internal, Options, Input, Shell, Half>,
): Feature<Name, Public, Internal, Options, Input, Shell, Half> {
  return {
    name: parameters.name,
    needs: parameters.needs ?? [],
    storageKeys: parameters.storageKeys ?? [],
    options: parameters.options,
    lazy: parameters.lazy,
    lazyError: parameters.lazyError,
    create: (context, options, lazy) => {
      const parts = parameters.create(context, options, lazy)
      return { public: parts.public, internal: parts.internal as Internal }
    },
  }
}
