import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { contractsByChain, DEFAULT_DEVNET_INFO } from '../chains/evm/network.js'
import type { DevnetInfo } from '../chains/evm/types.js'
import { SOLANA_WALLET_STANDARD_CHAIN } from '../chains/solana/constants.js'
import { DEVNET_PROJECT_ID } from '../config/constants.js'
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
}

export const VIRTUAL_MODULE_ID = 'virtual:portico-devnet'
const WALLET_MODULE_ID = 'virtual:portico-devnet/wallet'
const SOLANA_WALLET_MODULE_ID = 'virtual:portico-devnet/solana-wallet'
const BITCOIN_WALLET_MODULE_ID = 'virtual:portico-devnet/bitcoin-wallet'
const resolved = (id: string) => `\0${id}`

// Absolute, so the injected script works whatever the example depends on.
const WALLET_SOURCE = fileURLToPath(new URL('../wallets/evm/index.ts', import.meta.url))
const SOLANA_WALLET_SOURCE = fileURLToPath(new URL('../wallets/solana/index.ts', import.meta.url))
const BITCOIN_WALLET_SOURCE = fileURLToPath(new URL('../wallets/bitcoin/index.ts', import.meta.url))

/**
 * Points an example at the devnet. In both modes it serves `virtual:portico-devnet`
 * (`{ projectId, apiUrls, networks, unlistedChain, chains, solanaNetworks, solana,
 * bitcoinNetworks, bitcoin }`, ready for `createPortico`); in dev mode only, it also injects
 * three module scripts, each of which can be turned off: one installs the Devnet Wallet
 * (EIP-6963) with every devnet chain, the unlisted one included, one the Devnet Solana Wallet
 * (Wallet Standard) on the devnet's Solana chain, one the Devnet Bitcoin Wallet (Wallet Standard
 * and sats-connect) on the devnet's regtest chain. Nothing of it reaches a production build but
 * the virtual module's plain data.
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
      if (id === SOLANA_WALLET_MODULE_ID) return resolved(SOLANA_WALLET_MODULE_ID)
      if (id === BITCOIN_WALLET_MODULE_ID) return resolved(BITCOIN_WALLET_MODULE_ID)
      return undefined
    },
    load(id) {
      if (id === resolved(VIRTUAL_MODULE_ID)) return virtualModuleCode(devnet())
      if (id === resolved(WALLET_MODULE_ID)) return walletModuleCode(devnet(), autoApprove)
      if (id === resolved(SOLANA_WALLET_MODULE_ID)) {
        return solanaWalletModuleCode(devnet(), autoApprove)
      }
      if (id === resolved(BITCOIN_WALLET_MODULE_ID)) {
        return bitcoinWalletModuleCode(devnet(), autoApprove)
      }
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
        optimizeDeps: {
          include: [
            '@portico/devnet > viem',
            '@portico/devnet > viem/accounts',
            '@portico/devnet > @solana/kit',
            '@portico/devnet > @wallet-standard/core',
            '@portico/devnet > @solana/wallet-standard-features',
            ...BITCOIN_WALLET_DEPENDENCIES.map((name) => `@portico/devnet > ${name}`),
          ],
        },
      }
    },
    transformIndexHtml() {
      const modules = [
        ...(options.wallet === false ? [] : [WALLET_MODULE_ID]),
        ...(options.solanaWallet === false ? [] : [SOLANA_WALLET_MODULE_ID]),
        ...(options.bitcoinWallet === false ? [] : [BITCOIN_WALLET_MODULE_ID]),
      ]
      return modules.map((id) => ({
        tag: 'script',
        attrs: { type: 'module', src: `/@id/__x00__${id}` },
        injectTo: 'head-prepend' as const,
      }))
    },
  }

  return [virtualModule, walletInjection]
}

/** What the Bitcoin wallet imports, pre-bundled for the same reason as viem. */
const BITCOIN_WALLET_DEPENDENCIES = [
  '@scure/base',
  '@scure/bip32',
  '@scure/bip39',
  '@scure/btc-signer',
  '@noble/curves/secp256k1.js',
  '@noble/hashes/legacy.js',
  '@noble/hashes/sha2.js',
  '@noble/hashes/utils.js',
]

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
    // Apart from `networks`, which apps pass whole to the SDK: it speaks EVM only for now.
    solanaNetworks: [info.solana.network],
    solana: {
      caipNetworkId: info.solana.caipNetworkId,
      rpcUrl: info.solana.rpcUrl,
      wsUrl: info.solana.wsUrl,
      accounts: info.solana.accounts,
      mints: info.solana.mints,
    },
    // Not in `networks`: apps hand that list to the SDK whole, and the SDK has no Bitcoin
    // adapter yet. An app that wants Bitcoin adds these: [...networks, ...bitcoinNetworks].
    bitcoinNetworks: [info.bitcoin.network],
    bitcoin: { caipNetworkId: info.bitcoin.caipNetworkId, esploraUrl: info.bitcoin.esploraUrl },
    chains: info.chains,
    unlistedChain: info.unlistedChain,
    mobileWalletUrl: info.mobileWalletUrl,
    // Older PORTICO_DEVNET values have no secure site: the default port then.
    secureSiteUrl: info.secureSiteUrl ?? DEFAULT_DEVNET_INFO.secureSiteUrl,
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

function solanaWalletModuleCode(info: DevnetInfo, autoApprove: boolean): string {
  const walletOptions = {
    chains: [
      {
        id: info.solana.caipNetworkId,
        name: info.solana.network.name,
        rpcUrl: info.solana.rpcUrl,
        aliases: [SOLANA_WALLET_STANDARD_CHAIN],
      },
    ],
    mnemonic: info.mnemonic,
    autoApprove,
  }
  return [
    `import { installDevnetSolanaWallet } from ${JSON.stringify(`/@fs${SOLANA_WALLET_SOURCE}`)}`,
    `installDevnetSolanaWallet(${JSON.stringify(walletOptions)})`,
  ].join('\n')
}

function bitcoinWalletModuleCode(info: DevnetInfo, autoApprove: boolean): string {
  const walletOptions = {
    esploraUrl: info.bitcoin.esploraUrl,
    mnemonic: info.mnemonic,
    autoApprove,
  }
  return [
    `import { installDevnetBitcoinWallet } from ${JSON.stringify(`/@fs${BITCOIN_WALLET_SOURCE}`)}`,
    `installDevnetBitcoinWallet(${JSON.stringify(walletOptions)})`,
  ].join('\n')
}
