import { FUNDED_ACCOUNT_COUNT } from '../../config/constants.js'
import { deriveAccount } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { CHAIN_DEFINITIONS, DEPLOYER_ACCOUNT_INDEX, FAUCET_ACCOUNT_INDEX } from './constants.js'
import { deployContracts } from './deploy.js'
import { devnetChain } from './network.js'
import { poolSeeds } from './poolSeeds.js'
import { type ChainReader, createChainReader } from './reader.js'
import {
  type DevnetSmartAccounts,
  devnetSmartAccounts,
  SMART_ACCOUNT_OWNER_INDEX,
} from './smartAccounts.js'
import type { Address, DevnetAccount, DevnetChain, DevnetSwap, DevnetTokens } from './types.js'

/** The running EVM chains, as the services that need them see them. */
export type EvmChains = {
  /** The chains apps configure and the API supports (not the unlisted one). */
  chains: readonly DevnetChain[]
  /** The chain the wallet can switch to but apps do not configure (31339). */
  unlistedChain: DevnetChain
  /** All three, the unlisted one last. */
  allChains: readonly DevnetChain[]
  /** Readers of the configured chains, by chain id. */
  readers: ReadonlyMap<number, ChainReader>
  /** The first four mnemonic accounts, funded with ETH and every token. */
  accounts: DevnetAccount[]
  /** Mnemonic account 9: deploys, holds the pools' liquidity, moves prices. */
  deployer: Address
  /** Mnemonic account 8: pays new embedded accounts. */
  faucet: Address
  /** Contract addresses by chain id, every chain including the unlisted one. */
  tokens: Record<number, DevnetTokens>
  /** The swap contracts by chain id, every chain including the unlisted one. */
  swap: Record<number, DevnetSwap>
  /** `DevnetGuestbook` (an app's own contract) by chain id, every chain including the unlisted one. */
  guestbook: Record<number, Address>
  smartAccounts: DevnetSmartAccounts
  anvils: readonly AnvilInstance[]
  mnemonic: string
}

/**
 * Starts the three anvil chains side by side, then deploys and funds the contracts on each (the
 * pools seeded at the price table's prices). A chain that fails to start fails the whole; the
 * ones that did start are killed before the error is thrown.
 */
export async function startEvmChains(options: {
  host: string
  mnemonic: string
  ports: readonly number[]
  /** The USD price the pools are seeded at, by symbol (the price table's). */
  price(symbol: string): number | undefined
}): Promise<EvmChains> {
  const { host, mnemonic } = options
  const started = await Promise.allSettled(
    CHAIN_DEFINITIONS.map((definition, i) =>
      startAnvil({ chainId: definition.chainId, port: options.ports[i] ?? 0, host, mnemonic }),
    ),
  )
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  try {
    const failure = started.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
    return await deploy(anvils, options)
  } catch (error) {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
    throw error
  }
}

async function deploy(
  anvils: readonly AnvilInstance[],
  { mnemonic, price }: { mnemonic: string; price(symbol: string): number | undefined },
): Promise<EvmChains> {
  const allChains = anvils.map((anvil, i) => devnetChain(i, anvil.rpcUrl))
  const [chain1, chain2, unlistedChain] = allChains as [DevnetChain, DevnetChain, DevnetChain]
  const chains = [chain1, chain2]
  const accounts = Array.from({ length: FUNDED_ACCOUNT_COUNT }, (_, i) =>
    deriveAccount(mnemonic, i),
  )
  const deployer = deriveAccount(mnemonic, DEPLOYER_ACCOUNT_INDEX).address
  // Funded with tokens like accounts 0–3, in the same mintBatch transactions, so the contract
  // addresses do not move.
  const faucet = deriveAccount(mnemonic, FAUCET_ACCOUNT_INDEX).address
  const smartAccountOwner = (accounts[SMART_ACCOUNT_OWNER_INDEX] as DevnetAccount).address
  // The pools start at the given prices (the defaults and the `prices` option).
  const seeds = poolSeeds(price)
  const deployed = await Promise.all(
    allChains.map((chain) =>
      deployContracts(
        chain,
        deployer,
        [...accounts.map((a) => a.address), faucet],
        seeds,
        smartAccountOwner,
      ),
    ),
  )
  const tokens: Record<number, DevnetTokens> = {}
  const swap: Record<number, DevnetSwap> = {}
  const guestbook: Record<number, Address> = {}
  allChains.forEach((chain, i) => {
    const contracts = deployed[i] as (typeof deployed)[number]
    tokens[chain.chainId] = contracts.tokens
    swap[chain.chainId] = contracts.swap
    guestbook[chain.chainId] = contracts.guestbook
  })
  return {
    chains,
    unlistedChain,
    allChains,
    readers: new Map(chains.map((chain) => [chain.chainId, createChainReader(chain)])),
    accounts,
    deployer,
    faucet,
    tokens,
    swap,
    guestbook,
    smartAccounts: devnetSmartAccounts(deployer, smartAccountOwner),
    anvils,
    mnemonic,
  }
}
