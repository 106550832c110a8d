import { defineService } from '../../kernel/service.js'
import { pricesService } from '../../services/prices/service.js'
import { DEFAULT_CHAIN_PORTS } from './constants.js'
import { contractsByChain, evmInfoAt, toPorticoNetwork } from './network.js'
import type { DevnetSmartAccounts } from './smartAccounts.js'
import type { EvmChains } from './start.js'
import type { DevnetAccount, EvmInfo } from './types.js'

export type EvmOptions = {
  /** The three chains' RPC ports (0: a free one); 8545, 8546 and 8547 by default. */
  ports?: { chains?: [number, number, number] }
}

/** What the EVM chains add to the `Devnet` object. */
export type EvmExposed = {
  /** The first four mnemonic accounts, funded with ETH and every token. */
  accounts: DevnetAccount[]
  /**
   * The ERC-1271 smart accounts, the same on every chain: `deployed` (at start) and
   * `counterfactual` (never deployed: signs in with ERC-6492), both owned by account 0.
   */
  smartAccounts: DevnetSmartAccounts
  /** The anvil processes, one per chain (for checks that stop() leaves none behind). */
  processes: { chainId: number; pid: number }[]
}

/**
 * Three anvil chains (31337 and 31338, which apps configure, and 31339, which they do not),
 * each with the devnet's contracts deployed and funded, and Uniswap V2 seeded at the price
 * table's prices.
 */
export const evmService = defineService({
  name: 'evm',
  needs: [pricesService],
  async start(context, options: EvmOptions) {
    const { startEvmChains } = await import('./start.js')
    const evm: EvmChains = await startEvmChains({
      host: context.host,
      mnemonic: context.mnemonic,
      ports: options.ports?.chains ?? DEFAULT_CHAIN_PORTS,
      price: context.use(pricesService).get,
    })
    return {
      api: evm,
      stop: async () => {
        await Promise.all(evm.anvils.map((anvil) => anvil.stop()))
      },
    }
  },
  info: (evm): EvmInfo => ({
    chains: evm.chains.map((chain) => ({ ...chain })),
    unlistedChain: { ...evm.unlistedChain },
    networks: evm.chains.map(toPorticoNetwork),
    mnemonic: evm.mnemonic,
    tokens: evm.tokens,
    swap: evm.swap,
    guestbook: evm.guestbook,
  }),
  infoAt: (host, options: EvmOptions) => evmInfoAt(host, options.ports?.chains),
  expose: (evm): EvmExposed => ({
    accounts: evm.accounts,
    smartAccounts: evm.smartAccounts,
    processes: evm.anvils.map((anvil) => ({ chainId: anvil.chainId, pid: anvil.pid })),
  }),
  pages: (evm) => [
    ...evm.chains.map((chain) => ({
      label: `chain ${chain.chainId}`,
      url: chain.rpcUrl,
      about: chain.name,
    })),
    {
      label: `chain ${evm.unlistedChain.chainId}`,
      url: evm.unlistedChain.rpcUrl,
      about: `${evm.unlistedChain.name}, not configured in the examples`,
    },
  ],
  vite: {
    exports: (info: EvmInfo) => ({
      networks: info.networks,
      chains: info.chains,
      unlistedChain: info.unlistedChain,
      ...sameOnEveryChain(info),
    }),
  },
})

/**
 * The contract addresses (tokens, swap, guestbook), which are the same on every devnet chain (the deployer and its nonces
 * are fixed), and the chains whose `/v1/convert` routes answer, for an app's swap networks, with
 * their router by chain (the app's `swaps.routers`: the SDK refuses swaps to any other). An
 * info without addresses (a `PORTICO_DEVNET` from an older devnet) gets the computed ones.
 */
function sameOnEveryChain(info: EvmInfo) {
  const [first] = info.chains
  const computed = contractsByChain(first ? [first.chainId] : [])
  const id = first?.chainId ?? 0
  const swap = info.swap?.[id] ?? computed.swap[id]
  const chainIds = info.chains.map((c) => c.chainId)
  return {
    tokens: info.tokens?.[id] ?? computed.tokens[id],
    swap: {
      ...swap,
      chainIds,
      routers: Object.fromEntries(swap ? chainIds.map((c) => [c, [swap.router]]) : []),
    },
    guestbook: info.guestbook?.[id] ?? computed.guestbook[id],
  }
}
