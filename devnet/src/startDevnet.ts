import { createAnalyticsStore } from './analytics/store.js'
import { createFaultStore } from './api/faults.js'
import { routeModules } from './api/routes/index.js'
import { type ApiServer, startApiServer } from './api/server.js'
import type { DevnetServices } from './api/services.js'
import { deriveAccount } from './chain/accounts.js'
import { type AnvilInstance, startAnvil } from './chain/anvil.js'
import { deployContracts } from './chain/deploy.js'
import { type ChainReader, createChainReader } from './chain/reader.js'
import { devnetChain, toPorticoNetwork } from './config/chains.js'
import {
  CHAIN_DEFINITIONS,
  DEFAULT_API_PORT,
  DEFAULT_CHAIN_PORTS,
  DEFAULT_HOST,
  DEFAULT_RELAY_PORT,
  DEPLOYER_ACCOUNT_INDEX,
  DEVNET_MNEMONIC,
  DEVNET_PROJECT_ID,
  FUNDED_ACCOUNT_COUNT,
} from './config/constants.js'
import { DEFAULT_ALLOWED_ORIGINS } from './config/origins.js'
import { createSpamPlanter } from './history/spamNft.js'
import { createMobileWalletHandler, MOBILE_WALLET_PATH } from './mobile-wallet/index.js'
import { createNameRegistry } from './names/registry.js'
import { createPriceTable } from './prices/priceTable.js'
import { type Relay, startRelay } from './relay/index.js'
import { createPriceMover } from './swap/mover.js'
import { createPricing } from './swap/pricing.js'
import { poolSeeds } from './swap/seed.js'
import type { Devnet, DevnetInfo, DevnetSwap, DevnetTokens, StartDevnetOptions } from './types.js'
import { createWalletFixture } from './wallets/fixture.js'

/**
 * Starts three anvil chains, deploys and funds the contracts on each, then serves the
 * WalletConnect relay (with the Devnet Mobile Wallet page on its port), the Blockchain API and
 * the toolkit backend. Everything listens on loopback; with port 0 each part takes a free
 * port, so tests can run several devnets side by side.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? DEFAULT_HOST
  const chainPorts = options.ports?.chains ?? DEFAULT_CHAIN_PORTS
  const log =
    options.quiet === false ? (line: string) => console.log(`[devnet] ${line}`) : undefined
  const mnemonic = DEVNET_MNEMONIC

  const anvils: AnvilInstance[] = []
  let server: ApiServer | undefined
  let relay: Relay | undefined
  let stopped: Promise<void> | undefined

  function stop(): Promise<void> {
    stopped ??= (async () => {
      await Promise.all([server?.close(), relay?.close()])
      await Promise.all(anvils.map((anvil) => anvil.stop()))
    })()
    return stopped
  }

  try {
    const started = await Promise.allSettled(
      CHAIN_DEFINITIONS.map((definition, i) =>
        startAnvil({ chainId: definition.chainId, port: chainPorts[i] ?? 0, host, mnemonic }),
      ),
    )
    for (const result of started) if (result.status === 'fulfilled') anvils.push(result.value)
    const failure = started.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason

    const allChains = anvils.map((anvil, i) => devnetChain(i, anvil.rpcUrl))
    const [chain1, chain2, unlistedChain] = allChains as [
      (typeof allChains)[0],
      (typeof allChains)[0],
      (typeof allChains)[0],
    ]
    const chains = [chain1, chain2]
    const accounts = Array.from({ length: FUNDED_ACCOUNT_COUNT }, (_, i) =>
      deriveAccount(mnemonic, i),
    )
    const deployer = deriveAccount(mnemonic, DEPLOYER_ACCOUNT_INDEX).address
    const prices = createPriceTable(options.prices)
    // The pools start at the table's prices (the defaults and the `prices` option).
    const seeds = poolSeeds(prices.get)

    const deployed = await Promise.all(
      allChains.map((chain) =>
        deployContracts(
          chain,
          deployer,
          accounts.map((a) => a.address),
          seeds,
        ),
      ),
    )
    const tokens: Record<number, DevnetTokens> = {}
    const swap: Record<number, DevnetSwap> = {}
    allChains.forEach((chain, i) => {
      const contracts = deployed[i] as (typeof deployed)[number]
      tokens[chain.chainId] = contracts.tokens
      swap[chain.chainId] = contracts.swap
    })

    const readers = new Map<number, ChainReader>(
      chains.map((chain) => [chain.chainId, createChainReader(chain)]),
    )
    const names = createNameRegistry()
    const pricing = createPricing({ readers, tokens, swap, prices })
    const movePrice = createPriceMover({ chains: allChains, tokens, swap, deployer })
    const analytics = createAnalyticsStore()
    const faults = createFaultStore()
    relay = await startRelay({
      host,
      // A free API port means a test devnet: its relay takes a free port too unless told.
      port: options.ports?.relay ?? (options.ports?.api === 0 ? 0 : DEFAULT_RELAY_PORT),
      ...(log ? { log } : {}),
      http: createMobileWalletHandler(() => ({
        relayUrl,
        chains: allChains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
        mnemonic,
        projectId: DEVNET_PROJECT_ID,
        accountCount: FUNDED_ACCOUNT_COUNT,
      })),
    })
    const relayUrl = relay.url
    const mobileWalletUrl = `${relay.url.replace(/^ws/, 'http')}${MOBILE_WALLET_PATH}`
    let apiUrl = ''
    const info = (): DevnetInfo => ({
      apiUrl,
      relayUrl,
      mobileWalletUrl,
      chains: chains.map((c) => ({ ...c })),
      unlistedChain: { ...unlistedChain },
      networks: chains.map(toPorticoNetwork),
      mnemonic,
      tokens,
      swap,
    })

    const services: DevnetServices = {
      chains,
      readers,
      tokens,
      swap,
      prices,
      pricing,
      movePrice,
      names,
      analytics,
      faults,
      wallets: createWalletFixture({ mobileWalletUrl }),
      settings: {
        allowedOrigins: options.allowedOrigins ?? [...DEFAULT_ALLOWED_ORIGINS],
        analyticsEnabled: options.analyticsEnabled ?? true,
      },
      info,
    }
    server = await startApiServer({
      host,
      port: options.ports?.api ?? DEFAULT_API_PORT,
      routes: routeModules.flatMap((module) => module(services)),
      faults,
      ...(log ? { log } : {}),
    })
    apiUrl = server.url
    log?.(
      `API ${apiUrl}; relay ${relayUrl}; chains ${allChains.map((c) => `${c.chainId} ${c.rpcUrl}`).join(', ')}`,
    )

    return {
      ...info(),
      accounts,
      tokens,
      swap,
      names,
      prices,
      moveSwapPrice: movePrice,
      faults: { set: faults.set, clear: faults.clear, list: faults.list },
      relay: { stats: relay.stats, messages: relay.messages },
      processes: anvils.map((anvil) => ({ chainId: anvil.chainId, pid: anvil.pid })),
      events: () => analytics.list(),
      plantSpamNft: createSpamPlanter(allChains, tokens),
      info,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
