import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { workspaceSourceOf } from '../kernel/bundle.js'
import type { DevnetInfoParts, PageScript } from '../kernel/service.js'
import { type DevnetInfo, SERVICES } from '../registry.js'
import { devnetInfoFromEnv } from './info.js'

export type PorticoDevnetPluginOptions = {
  /** The devnet to point at; by default from PORTICO_DEVNET, else the default ports. */
  devnet?: DevnetInfo
  /** Approve every wallet request without a prompt (also PORTICO_DEVNET_AUTO_APPROVE=1). */
  autoApprove?: boolean
  /** Set false to serve the virtual module without putting the Devnet Wallet on the page. */
  wallet?: boolean
  /** Set false to leave the Devnet Solana Wallet (Wallet Standard) off the page. */
  solanaWallet?: boolean
  /** Set false to leave the Devnet Bitcoin Wallet (Wallet Standard, sats-connect) off the page. */
  bitcoinWallet?: boolean
  /**
   * Put the wallets into a built page too (`vite build`, then `vite preview` or any static
   * server): for an app's end-to-end tests of its production build against the devnet. Off by
   * default, so a production build never carries a devnet wallet; turn it on only in the build
   * your tests run (`porticoDevnet({ inBuild: process.env.E2E === '1' })`).
   */
  inBuild?: boolean
}

export const VIRTUAL_MODULE_ID = 'virtual:portico-devnet'
const resolved = (id: string) => `\0${id}`

// What the services add: exports of the virtual module, page scripts, packages to pre-bundle.
const scripts: readonly PageScript[] = SERVICES.flatMap((service) => service.vite?.scripts ?? [])
const optimizeDeps = [...new Set(SERVICES.flatMap((service) => service.vite?.optimizeDeps ?? []))]
const scriptModuleId = (script: PageScript) => `${VIRTUAL_MODULE_ID}/${script.id}`

/**
 * Points an example at the devnet. In both modes it serves `virtual:portico-devnet` (plain data
 * ready for `createPortico`: `projectId`, `apiUrls`, `networks`, the Solana and Bitcoin chains,
 * the contract addresses, … as the services of `src/registry.ts` declare them); in dev mode
 * only, it also injects the module scripts the services declare, each of which can be turned
 * off: the Devnet Wallet (EIP-6963) with every devnet chain, the unlisted one included, the
 * Devnet Solana Wallet (Wallet Standard) and the Devnet Bitcoin Wallet (Wallet Standard and
 * sats-connect). Nothing of it reaches a production build but the virtual module's plain data,
 * unless `inBuild` asks for the wallets there too.
 */
export function porticoDevnet(options: PorticoDevnetPluginOptions = {}): Plugin[] {
  let info: DevnetInfo | undefined
  const devnet = (): DevnetInfoParts => {
    info ??= options.devnet ?? devnetInfoFromEnv(process.env)
    return info as DevnetInfoParts
  }
  const autoApprove = options.autoApprove ?? process.env.PORTICO_DEVNET_AUTO_APPROVE === '1'
  const switches = options as Record<string, unknown>
  const wanted = () => scripts.filter((script) => switches[script.option] !== false)

  const virtualModule: Plugin = {
    name: 'portico-devnet',
    resolveId(id) {
      if (id === VIRTUAL_MODULE_ID || scripts.some((s) => scriptModuleId(s) === id)) {
        return resolved(id)
      }
      return undefined
    },
    load(id) {
      if (id === resolved(VIRTUAL_MODULE_ID)) return virtualModuleCode(devnet())
      const script = scripts.find((s) => resolved(scriptModuleId(s)) === id)
      return script?.code(devnet(), { autoApprove })
    },
  }

  const pageScripts: Plugin = {
    name: 'portico-devnet:wallet',
    apply: 'serve',
    config(config) {
      // Pre-bundle what the page scripts import up front; found only at run time it would make
      // Vite re-optimise and reload the page once.
      const root = config.root ?? process.cwd()
      try {
        createRequire(join(root, 'package.json')).resolve('@portico/devnet/package.json')
      } catch {
        return undefined
      }
      return {
        optimizeDeps: { include: optimizeDeps.map((name) => `@portico/devnet > ${name}`) },
      }
    },
    transformIndexHtml() {
      return wanted().map((script) => ({
        tag: 'script',
        attrs: { type: 'module', src: `/@id/__x00__${scriptModuleId(script)}` },
        injectTo: 'head-prepend' as const,
      }))
    },
  }

  // Built, each script is an inline module importing it, added before Vite reads the page
  // (`order: 'pre'`), so Vite bundles it with the page like any other module.
  const builtScripts: Plugin = {
    name: 'portico-devnet:wallet-build',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: () =>
        wanted().map((script) => ({
          tag: 'script',
          attrs: { type: 'module' },
          children: `import '${scriptModuleId(script)}'`,
          injectTo: 'head-prepend' as const,
        })),
    },
  }

  // The wallets' sources import `@portico/server/message`; in this repository, before a build,
  // only its TypeScript source exists (an app's installed packages resolve to their builds).
  const sources: Plugin = {
    name: 'portico-devnet:sources',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!importer || !id.startsWith('@portico/') || importer.startsWith('\0')) return undefined
      return workspaceSourceOf(id, dirname(importer))
    },
  }

  const plugins = [sources, virtualModule, pageScripts]
  return options.inBuild ? [...plugins, builtScripts] : plugins
}

/**
 * The virtual module: every service's exports, in registry order; an object export several
 * services add to (`apiUrls`: the API server's URLs and the relay's) is merged.
 */
function virtualModuleCode(info: DevnetInfoParts): string {
  const exports: Record<string, unknown> = {}
  for (const service of SERVICES) {
    for (const [name, value] of Object.entries(service.vite?.exports?.(info) ?? {})) {
      const previous = exports[name]
      exports[name] =
        isPlainObject(previous) && isPlainObject(value) ? { ...previous, ...value } : value
    }
  }
  return [
    ...Object.entries(exports).map(
      ([name, value]) => `export const ${name} = ${JSON.stringify(value)}`,
    ),
    `export default { ${Object.keys(exports).join(', ')} }`,
  ].join('\n')
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
