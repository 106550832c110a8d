import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { contractsByChain } from '../config/chains.js'
import { DEVNET_PROJECT_ID } from '../config/constants.js'
import type { DevnetInfo } from '../types.js'
import { devnetInfoFromEnv } from './info.js'

export type PorticoDevnetPluginOptions = {
  /** The devnet to point at; by default from PORTICO_DEVNET, else the default ports. */
  devnet?: DevnetInfo
  /** Approve every wallet request without a prompt (also PORTICO_DEVNET_AUTO_APPROVE=1). */
  autoApprove?: boolean
  /** Set false to serve the virtual module without putting the Devnet Wallet on the page. */
  wallet?: boolean
}

export const VIRTUAL_MODULE_ID = 'virtual:portico-devnet'
const WALLET_MODULE_ID = 'virtual:portico-devnet/wallet'
const resolved = (id: string) => `\0${id}`

// Absolute, so the injected script works whatever the example depends on.
const WALLET_SOURCE = fileURLToPath(new URL('../wallet/index.ts', import.meta.url))

/**
 * Points an example at the devnet. In both modes it serves `virtual:portico-devnet`
 * (`{ projectId, apiUrls, networks, unlistedChain, chains }`, ready for `createPortico`); in dev
 * mode only, it also injects a module script that installs the Devnet Wallet with every devnet
 * chain, the unlisted one included. Nothing of it reaches a production build but the virtual
 * module's plain data.
 */
export function porticoDevnet(options: PorticoDevnetPluginOptions = {}): Plugin[] {
  let info: DevnetInfo | undefined
  const devnet = () => {
    info ??= options.devnet ?? devnetInfoFromEnv(process.env)
    return info
  }
  const autoApprove = options.autoApprove ?? process.env.PORTICO_DEVNET_AUTO_APPROVE === '1'

  const virtualModule: Plugin = {
    name: 'portico-devnet',
    resolveId(id) {
      if (id === VIRTUAL_MODULE_ID) return resolved(VIRTUAL_MODULE_ID)
      if (id === WALLET_MODULE_ID) return resolved(WALLET_MODULE_ID)
      return undefined
    },
    load(id) {
      if (id === resolved(VIRTUAL_MODULE_ID)) return virtualModuleCode(devnet())
      if (id === resolved(WALLET_MODULE_ID)) return walletModuleCode(devnet(), autoApprove)
      return undefined
    },
  }

  const walletInjection: Plugin = {
    name: 'portico-devnet:wallet',
    apply: 'serve',
    config(config) {
      // Pre-bundle the wallet's viem imports up front; found only at run time they would make
      // Vite re-optimise and reload the page once.
      const root = config.root ?? process.cwd()
      try {
        createRequire(join(root, 'package.json')).resolve('@portico/devnet/package.json')
      } catch {
        return undefined
      }
      return {
        optimizeDeps: { include: ['@portico/devnet > viem', '@portico/devnet > viem/accounts'] },
      }
    },
    transformIndexHtml() {
      if (options.wallet === false) return []
      return [
        {
          tag: 'script',
          attrs: { type: 'module', src: `/@id/__x00__${WALLET_MODULE_ID}` },
          injectTo: 'head-prepend',
        },
      ]
    },
  }

  return [virtualModule, walletInjection]
}

function virtualModuleCode(info: DevnetInfo): string {
  const exports = {
    projectId: DEVNET_PROJECT_ID,
    apiUrls: {
      blockchain: info.apiUrl,
      toolkit: info.apiUrl,
      pulse: info.apiUrl,
      relay: info.relayUrl,
    },
    networks: info.networks,
    chains: info.chains,
    unlistedChain: info.unlistedChain,
    mobileWalletUrl: info.mobileWalletUrl,
    ...sameOnEveryChain(info),
  }
  return [
    ...Object.entries(exports).map(
      ([name, value]) => `export const ${name} = ${JSON.stringify(value)}`,
    ),
    `export default { ${Object.keys(exports).join(', ')} }`,
  ].join('\n')
}

/**
 * The contract addresses, which are the same on every devnet chain (the deployer and its nonces
 * are fixed), and the chains whose `/v1/convert` routes answer, for an app's swap networks. An
 * info without addresses (a `PORTICO_DEVNET` from an older devnet) gets the computed ones.
 */
function sameOnEveryChain(info: DevnetInfo) {
  const [first] = info.chains
  const computed = contractsByChain(first ? [first.chainId] : [])
  const id = first?.chainId ?? 0
  const swap = info.swap?.[id] ?? computed.swap[id]
  return {
    tokens: info.tokens?.[id] ?? computed.tokens[id],
    swap: { ...swap, chainIds: info.chains.map((c) => c.chainId) },
  }
}

function walletModuleCode(info: DevnetInfo, autoApprove: boolean): string {
  const chains = [...info.chains, info.unlistedChain].map(({ chainId, name, rpcUrl }) => ({
    chainId,
    name,
    rpcUrl,
  }))
  const walletOptions = { chains, mnemonic: info.mnemonic, autoApprove }
  return [
    `import { installDevnetWallet } from ${JSON.stringify(`/@fs${WALLET_SOURCE}`)}`,
    `installDevnetWallet(${JSON.stringify(walletOptions)})`,
  ].join('\n')
}
