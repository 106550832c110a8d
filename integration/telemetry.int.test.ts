// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/wallet/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266?email=alice@example.com" }
import {
  createMemoryStorage,
  createPortico,
  type PorticoClient,
  type PorticoOptions,
} from '@portico/core'
import { type AnalyticsEvent, type Devnet, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore } from '@portico/devnet/wallet'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

// The SDK in a page at http://127.0.0.1:5173 (happy-dom, whose fetch sends that Origin and
// checks the devnet's CORS answers), with the devnet's API server as the blockchain, toolkit and
// pulse APIs. The clock is the SDK's `now` option: a minute passes without waiting for it.
let devnet: Devnet
const START = 1_700_000_000_000
let clock = START
const clients: PorticoClient[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
}, 60_000)

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  devnet.faults.clear()
  await control('POST', '/__devnet/analytics-config', { isAnalyticsEnabled: true })
  await control('DELETE', '/__devnet/events')
})

afterAll(async () => {
  await devnet?.stop()
})

/** A control route of the devnet, with the header they need. */
async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${devnet.apiUrl}${path}`, {
    method,
    headers: { 'X-Portico-Devnet': '1', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.ok).toBe(true)
  return response.json()
}

/** What the devnet received on POST /e, read over its control route. */
async function received(): Promise<AnalyticsEvent[]> {
  return ((await control('GET', '/__devnet/events')) as { events: AnalyticsEvent[] }).events
}

function start(features?: PorticoOptions['features']) {
  clock = START
  const sdkRequests: string[] = []
  const wallet = createDevnetWalletCore({ chains: [...devnet.chains], autoApprove: true })
  const client = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl, pulse: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    now: () => clock,
    fetch: (input, init) => {
      sdkRequests.push(new URL(String(input)).pathname)
      return fetch(input, init)
    },
    connectors: [{ id: 'devnet-wallet', name: 'Devnet Wallet', provider: wallet.provider }],
    ...(features ? { features } : {}),
  })
  clients.push(client)
  const telemetryRequests = () =>
    sdkRequests.filter((path) => path === '/getAnalyticsConfig' || path === '/e')
  return { client, telemetryRequests }
}

/** Shows an error the way a feature does, and waits until it is on screen. */
async function showError(client: PorticoClient, key: string) {
  client.toast.showError({ key })
  await vi.waitFor(() => {
    const toast = client.toast.$toast.get()
    expect(toast.open && 'key' in toast.message && toast.message.key).toBe(key)
  })
}

const codes = (events: AnalyticsEvent[]) => events.map((event) => event.props.code)

describe('error telemetry on the devnet', () => {
  it('sends nothing at page load; after the user acts, reports each error once', async () => {
    const { client, telemetryRequests } = start()
    // An error at load: the app asks for a network it did not configure (an alert).
    const elsewhere = { ...devnet.networks[0]!, id: 'eip155:999' as const, name: 'Elsewhere' }
    await client.connection.switchNetwork(elsewhere).catch(() => undefined)
    expect(client.alerts.$alerts.get().map((alert) => alert.code)).toEqual([
      'SWITCH_NETWORK_NOT_FOUND',
    ])
    await received()
    expect(telemetryRequests()).toEqual([])
    expect(await received()).toEqual([])

    // The user connects a wallet; the history service is down.
    devnet.faults.set({ route: '/v1/account', mode: '503' })
    await client.connection.connect({ connectorId: 'devnet-wallet' })
    for (let i = 0; i < 10; i++) await client.history.refresh()
    await vi.waitFor(async () => expect(await received()).toHaveLength(2))

    const events = await received()
    expect(codes(events).sort()).toEqual(['SWITCH_NETWORK_NOT_FOUND', 'history.fetchFailed'])
    const history = events.find((event) => event.props.code === 'history.fetchFailed')
    expect(history).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'http://127.0.0.1:5173',
      domain: '127.0.0.1',
      timestamp: START,
      props: {
        type: 'error',
        event: 'ERROR_SHOWN',
        code: 'history.fetchFailed',
        namespace: 'eip155',
      },
    })
    expect(new Set(events.map((event) => event.eventId)).size).toBe(2)
    // No address, no email, no path left the page.
    const address = client.account.$account.get().address?.toLowerCase().slice(2) ?? 'none'
    expect(JSON.stringify(events).toLowerCase()).not.toContain(address)
    expect(JSON.stringify(events)).not.toMatch(/alice|wallet\/0x/)
    expect(telemetryRequests().filter((path) => path === '/getAnalyticsConfig')).toHaveLength(1)
  })

  it('drops the 6th error of a minute, and sends again a minute after the first', async () => {
    const { client } = start()
    window.dispatchEvent(new Event('pointerdown'))
    for (let i = 1; i <= 6; i++) {
      await showError(client, `test.failed${i}`)
      clock += 1_000
    }
    await vi.waitFor(async () => expect(await received()).toHaveLength(5))
    clock = START + 60_000
    await showError(client, 'test.failed7')
    await vi.waitFor(async () => expect(codes(await received())).toContain('test.failed7'))
    expect(codes(await received()).sort()).toEqual([
      'test.failed1',
      'test.failed2',
      'test.failed3',
      'test.failed4',
      'test.failed5',
      'test.failed7',
    ])
  })

  it('sends nothing, and reads no configuration, with analytics off', async () => {
    const { client, telemetryRequests } = start({ analytics: false })
    window.dispatchEvent(new Event('pointerdown'))
    client.modal.open()
    await showError(client, 'test.failed')
    devnet.faults.set({ route: '/v1/account', mode: '503' })
    await client.connection.connect({ connectorId: 'devnet-wallet' })
    await client.history.refresh()
    expect(client.history.$history.get().status).toBe('error')
    await received()
    expect(telemetryRequests()).toEqual([])
    expect(await received()).toEqual([])
    expect(client.telemetry.$status.get()).toBe('off')
  })

  it('sends nothing when the project configuration says analytics is disabled', async () => {
    await control('POST', '/__devnet/analytics-config', { isAnalyticsEnabled: false })
    const { client, telemetryRequests } = start()
    window.dispatchEvent(new Event('pointerdown'))
    await showError(client, 'test.failed')
    await vi.waitFor(() => expect(client.telemetry.$status.get()).toBe('disabled'))
    await showError(client, 'test.failedAgain')
    expect(telemetryRequests()).toEqual(['/getAnalyticsConfig'])
    expect(await received()).toEqual([])
  })
})
