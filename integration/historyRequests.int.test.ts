import { createMemoryStorage, createPortico, type PorticoClient } from '@portico/core'
import { type Devnet, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore } from '@portico/devnet/wallet'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// How often the SDK asks the devnet for the history: the clock is the SDK's `now` option, so
// 30 s pass without waiting for them.
let devnet: Devnet
let portico: PorticoClient
let clock = 1_700_000_000_000
const historyRequests: string[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  const wallet = createDevnetWalletCore({ chains: [...devnet.chains], autoApprove: true })
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl, pulse: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    now: () => clock,
    fetch: (input, init) => {
      const { pathname } = new URL(String(input))
      if (pathname.endsWith('/history')) historyRequests.push(pathname)
      return fetch(input, init)
    },
    connectors: [{ id: 'devnet-wallet', name: 'Devnet Wallet', provider: wallet.provider }],
  })
  await portico.connection.connect({ connectorId: 'devnet-wallet' })
}, 60_000)

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

const hashes = () => (portico.history.$history.get().data ?? []).map((t) => t.metadata.hash)

describe('history requests on the devnet', () => {
  it('ten refreshes make one request; after a send the list is read again and shows it', async () => {
    await Promise.all(Array.from({ length: 10 }, () => portico.history.refresh()))
    for (let i = 0; i < 10; i++) await portico.history.refresh()
    expect(historyRequests).toHaveLength(1)

    const eth = (await portico.balances.fetchTokenBalances({ forceUpdate: true })).find(
      (token) => token.symbol === 'ETH',
    )
    portico.send.setToken(eth)
    portico.send.setAmount('0.25')
    portico.send.setReceiver(devnet.accounts[1]!.address)
    await portico.send.preview()
    const hash = await portico.send.send()
    // Well within the 30 s the first list is kept: the send's own refresh skips that memory.
    await vi.waitFor(() => expect(hashes()).toContain(hash))
    expect(historyRequests).toHaveLength(2)
    await portico.history.refresh()
    expect(historyRequests).toHaveLength(2)
  })

  it('under a 503: one request, the error shown, then nothing for 30 s', async () => {
    clock += 30_000
    historyRequests.length = 0
    devnet.faults.set({ route: '/v1/account', mode: '503' })
    await portico.history.refresh()
    expect(portico.history.$history.get()).toMatchObject({ status: 'error' })
    // What was shown stays.
    expect(hashes().length).toBeGreaterThan(0)
    for (let i = 0; i < 10; i++) await portico.history.refresh()
    await portico.history.refresh({ force: true })
    clock += 29_999
    await portico.history.refresh()
    expect(historyRequests).toHaveLength(1)
    devnet.faults.clear()
    clock += 1
    await portico.history.refresh()
    expect(historyRequests).toHaveLength(2)
    expect(portico.history.$history.get()).toMatchObject({ status: 'success' })
  })
})
