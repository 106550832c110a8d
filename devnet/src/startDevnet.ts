import { DEFAULT_BITCOIN_PORT, type RunningBitcoin, startBitcoin } from './chains/bitcoin/index.js'
import { deriveAccount } from './chains/evm/accounts.js'
import { type AnvilInstance, startAnvil } from './chains/evm/anvil.js'
import { deployContracts } from './chains/evm/deploy.js'
import { devnetChain, toPorticoNetwork } from './chains/evm/network.js'
import { poolSeeds } from './chains/evm/poolSeeds.js'
import { type ChainReader, createChainReader } from './chains/evm/reader.js'
import { devnetSmartAccounts, SMART_ACCOUNT_OWNER_INDEX } from './chains/evm/smartAccounts.js'
import type {
  Devnet,
  DevnetAccount,
  DevnetInfo,
  DevnetSwap,
  DevnetTokens,
  StartDevnetOptions,
} from './chains/evm/types.js'
import { DEFAULT_SOLANA_PORT } from './chains/solana/constants.js'
import { type SolanaDevnet, startSolanaDevnet } from './chains/solana/index.js'
import {
  CHAIN_DEFINITIONS,
  DEFAULT_API_PORT,
  DEFAULT_CHAIN_PORTS,
  DEFAULT_HOST,
  DEFAULT_RELAY_PORT,
  DEFAULT_SECURE_PORT,
  DEPLOYER_ACCOUNT_INDEX,
  DEVNET_MNEMONIC,
  DEVNET_PROJECT_ID,
  FUNDED_ACCOUNT_COUNT,
} from './config/constants.js'
import { DEFAULT_ALLOWED_ORIGINS } from './config/origins.js'
import { createAnalyticsStore } from './services/analytics/store.js'
import { createFaultStore } from './services/api/faults.js'
import { routeModules } from './services/api/routeModules.js'
import { type ApiServer, startApiServer } from './services/api/server.js'
import type { DevnetServices } from './services/api/services.js'
import { createSpamPlanter } from './services/history/spamNft.js'
import { createNameRegistry } from './services/names/registry.js'
import { createOnrampService } from './services/onramp/onramp.js'
import { createPriceTable } from './services/prices/priceTable.js'
import { SIWX_NON_EVM_CHAINS } from './services/siwx/constants.js'
import { createSiwxService } from './services/siwx/siwx.js'
import { createPriceMover } from './services/swap/mover.js'
import { createPricing } from './services/swap/pricing.js'
import { type MailService, startMailService } from './sites/mail/mail.js'
import { type Relay, startRelay } from './sites/relay/index.js'
import { createFaucet, FAUCET_ACCOUNT_INDEX } from './sites/secure/faucet.js'
import { type SecureSite, startSecureSite } from './sites/secure/server.js'
import { createWalletFixture } from './wallets/listing/fixture.js'
import { createMobileWalletHandler, MOBILE_WALLET_PATH } from './wallets/mobile/index.js'

/**
 * Starts three anvil chains, deploys and funds the contracts on each, the Solana chain (LiteSVM
 * in this process, seeded with SOL and USDC, behind its JSON-RPC facade) and a regtest Bitcoin
 * chain (built in this process, behind its Esplora-style REST API); then serves the WalletConnect
 * relay (with the Devnet Mobile Wallet page on its port), the Blockchain API and the toolkit
 * backend, and the secure site (the embedded wallet's frame, with its SMTP mail catcher).
 * Everything listens on loopback; with port 0 each part takes a free port, so tests can run
 * several devnets side by side.
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
  let secure: SecureSite | undefined
  let mail: MailService | undefined
  let solana: SolanaDevnet | undefined
  let bitcoinRun: RunningBitcoin | undefined
  let stopped: Promise<void> | undefined
  // A free API port means a test devnet: the relay, the secure site, the Solana RPC and the
  // Bitcoin REST API take free ports too unless told.
  const testPorts = options.ports?.api === 0

  function stop(): Promise<void> {
    stopped ??= (async () => {
      await Promise.all([
        server?.close(),
        relay?.close(),
        secure?.close(),
        mail?.close(),
        solana?.close(),
        bitcoinRun?.server.close(),
      ])
      await Promise.all(anvils.map((anvil) => anvil.stop()))
    })()
    return stopped
  }

  // The mail catcher does not need the chains: it starts while anvil does.
  const mailStarted = startMailService({
    host,
    port: options.ports?.smtp ?? 0,
    ...(log ? { log } : {}),
  }).then((service) => {
    mail = service
    return service
  })
  // Awaited below; a failure before then must not go unhandled.
  mailStarted.catch(() => undefined)
  // Nor does the Bitcoin chain: it is built in this process (about 0.1 s of hashing and signing,
  // in slices) while the anvil processes boot.
  const bitcoinPort = options.ports?.bitcoin ?? (testPorts ? 0 : DEFAULT_BITCOIN_PORT)
  const bitcoinStarted = startBitcoin({
    host,
    port: bitcoinPort,
    mnemonic,
    accountCount: FUNDED_ACCOUNT_COUNT,
    ...(log ? { log } : {}),
  }).then(
    (run) => {
      bitcoinRun = run
      return run
    },
    (reason: unknown) => {
      throw new Error(
        `bitcoin api (port ${bitcoinPort}): ${reason instanceof Error ? reason.message : String(reason)}`,
        { cause: reason },
      )
    },
  )
  bitcoinStarted.catch(() => undefined)

  try {
    const solanaPort = options.ports?.solana ?? (testPorts ? 0 : DEFAULT_SOLANA_PORT)
    const [started, solanaStarted] = await Promise.all([
      Promise.allSettled(
        CHAIN_DEFINITIONS.map((definition, i) =>
          startAnvil({ chainId: definition.chainId, port: chainPorts[i] ?? 0, host, mnemonic }),
        ),
      ),
      startSolanaDevnet({
        host,
        port: solanaPort,
        mnemonic,
        accountCount: FUNDED_ACCOUNT_COUNT,
        ...(log ? { log } : {}),
      }).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    ])
    for (const result of started) if (result.status === 'fulfilled') anvils.push(result.value)
    if (solanaStarted.ok) solana = solanaStarted.value
    const failure = started.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
    if (!solanaStarted.ok) {
      const reason = solanaStarted.error
      throw new Error(
        `solana rpc (port ${solanaPort}): ${reason instanceof Error ? reason.message : String(reason)}`,
        { cause: reason },
      )
    }
    const solanaChain = solanaStarted.value

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
    // Pays new embedded (email) accounts: funded with tokens like accounts 0–3, in the same
    // mintBatch transactions, so the contract addresses do not move.
    const faucet = deriveAccount(mnemonic, FAUCET_ACCOUNT_INDEX).address
    const smartAccountOwner = (accounts[SMART_ACCOUNT_OWNER_INDEX] as DevnetAccount).address
    const smartAccounts = devnetSmartAccounts(deployer, smartAccountOwner)
    const prices = createPriceTable(options.prices)
    // The pools start at the table's prices (the defaults and the `prices` option).
    const seeds = poolSeeds(prices.get)

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
    const { bitcoin } = await bitcoinStarted
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
    const onramp = createOnrampService({ chains, readers, tokens, prices, pricing, deployer })
    relay = await startRelay({
      host,
      port: options.ports?.relay ?? (testPorts ? 0 : DEFAULT_RELAY_PORT),
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
    const allowedOrigins = options.allowedOrigins ?? [...DEFAULT_ALLOWED_ORIGINS]
    const mailService = await mailStarted
    secure = await startSecureSite({
      host,
      port: options.ports?.secure ?? (testPorts ? 0 : DEFAULT_SECURE_PORT),
      chains: allChains,
      allowedOrigins,
      mail: mailService,
      fund: createFaucet({
        from: faucet,
        chains: chains.map((chain) => ({
          chainId: chain.chainId,
          rpcUrl: chain.rpcUrl,
          usdc: tokens[chain.chainId]?.usdc as `0x${string}`,
        })),
      }).fund,
      ...(log ? { log } : {}),
    })
    const secureSiteUrl = secure.url
    let apiUrl = ''
    const info = (): DevnetInfo => ({
      apiUrl,
      relayUrl,
      mobileWalletUrl,
      secureSiteUrl,
      chains: chains.map((c) => ({ ...c })),
      unlistedChain: { ...unlistedChain },
      networks: chains.map(toPorticoNetwork),
      solana: structuredClone(solanaChain.info),
      bitcoin: {
        caipNetworkId: bitcoin.caipNetworkId,
        esploraUrl: bitcoin.esploraUrl,
        network: structuredClone(bitcoin.network),
      },
      mnemonic,
      tokens,
      swap,
    })

    const settings = {
      allowedOrigins,
      analyticsEnabled: options.analyticsEnabled ?? true,
    }
    const siwx = createSiwxService({
      evmChains: new Map(
        chains.map((chain) => [
          chain.caipNetworkId,
          (readers.get(chain.chainId) as ChainReader).client,
        ]),
      ),
      otherChains: SIWX_NON_EVM_CHAINS,
      allowedOrigins: () => settings.allowedOrigins,
      ...(options.clock ? { now: options.clock } : {}),
    })

    const services: DevnetServices = {
      chains,
      readers,
      tokens,
      swap,
      prices,
      pricing,
      movePrice,
      bitcoin,
      names,
      analytics,
      faults,
      wallets: createWalletFixture({ mobileWalletUrl }),
      solana: { ledger: solanaChain.ledger },
      settings,
      onramp,
      siwx,
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
      `API ${apiUrl}; relay ${relayUrl}; secure site ${secureSiteUrl} (mail ${mailService.smtpUrl}); chains ${allChains.map((c) => `${c.chainId} ${c.rpcUrl}`).join(', ')}; solana ${solanaChain.info.rpcUrl}; bitcoin ${bitcoin.esploraUrl}`,
    )

    return {
      ...info(),
      accounts,
      solanaAccounts: solanaChain.accounts,
      tokens,
      swap,
      bitcoin,
      smartAccounts,
      names,
      prices,
      moveSwapPrice: movePrice,
      faults: { set: faults.set, clear: faults.clear, list: faults.list },
      relay: {
        stats: relay.stats,
        messages: relay.messages,
        refuse: relay.refuse,
        restore: relay.restore,
      },
      smtpUrl: mailService.smtpUrl,
      inbox: { list: mailService.list, clear: mailService.clear },
      processes: anvils.map((anvil) => ({ chainId: anvil.chainId, pid: anvil.pid })),
      events: () => analytics.list(),
      plantSpamNft: createSpamPlanter(allChains, tokens),
      onramp: {
        sessions: onramp.sessions,
        session: onramp.session,
        complete: onramp.complete,
        fail: onramp.fail,
        quote: onramp.getQuote,
      },
      info,
      stop,
    }
  } catch (error) {
    // Parts still starting are waited for, so stop() closes them too.
    await Promise.allSettled([mailStarted, bitcoinStarted])
    await stop()
    throw error
  }
}
