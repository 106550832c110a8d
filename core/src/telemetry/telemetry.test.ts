// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://app.example/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266?ref=alice@example.com#top" }
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { createPortico } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { SDK_VERSION } from '../version.js'

const BLOCKCHAIN = 'https://blockchain.test'
const TOOLKIT = 'https://toolkit.test'
const PULSE = 'https://pulse.test'
const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['https://rpc.test'] },
  },
] as const satisfies PorticoOptions['networks']
const unknownNetwork = { ...networks[0], id: 'eip155:999' as const, name: 'Elsewhere' }

/** The three services at the edge of the world: what each was asked, and what it answers. */
function fakeServices() {
  const state = {
    analyticsEnabled: true as boolean,
    config: 'ok' as 'ok' | 'fail',
    history: 'fail' as 'ok' | 'fail',
  }
  const requests: {
    method: string
    url: URL
    body?: unknown
    contentType?: string | null
    keepalive?: boolean
  }[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    const method = init?.method ?? 'GET'
    if (url.origin === 'https://rpc.test') {
      return Response.json({ jsonrpc: '2.0', id: 1, result: '0x0' })
    }
    requests.push({
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      contentType: new Headers(init?.headers).get('content-type'),
      keepalive: init?.keepalive,
    })
    if (url.origin === TOOLKIT && url.pathname === '/getAnalyticsConfig') {
      if (state.config === 'fail') return Response.json({ error: 'down' }, { status: 503 })
      return Response.json({ isAnalyticsEnabled: state.analyticsEnabled })
    }
    if (url.origin === PULSE && url.pathname === '/e' && method === 'POST') {
      return Response.json({ ok: true }, { status: 202 })
    }
    if (url.origin === BLOCKCHAIN && url.pathname.endsWith('/history')) {
      if (state.history === 'fail') return Response.json({ error: 'down' }, { status: 503 })
      return Response.json({ data: [], next: null })
    }
    return Response.json({ error: 'not here' }, { status: 404 })
  }
  const to = (origin: string, path: string) =>
    requests.filter((r) => r.url.origin === origin && r.url.pathname === path)
  return {
    state,
    requests,
    fetch,
    configReads: () => to(TOOLKIT, '/getAnalyticsConfig'),
    events: () => to(PULSE, '/e'),
  }
}

let clock = 1_700_000_000_000
const cleanups: (() => void)[] = []
// The delivery's code loads with the first event to send, the requests' with the first request
// (lazyModule); here they are already in memory, as in an app after its first report: these tests
// look at what is sent and when, with faked timers that cannot wait for a module to be fetched.
beforeAll(async () => {
  await Promise.all([import('./delivery.js'), import('../api/requests.js')])
})
beforeEach(() => {
  clock = 1_700_000_000_000
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setup(options: Partial<PorticoOptions> = {}) {
  const services = fakeServices()
  const client = createPortico({
    projectId: 'test-project',
    networks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: BLOCKCHAIN, toolkit: TOOLKIT, pulse: PULSE },
    fetch: services.fetch,
    now: () => clock,
    ...options,
  })
  cleanups.push(() => client.destroy())
  return { client, services }
}

/** What the page does when the user clicks somewhere in it. */
const click = () => window.dispatchEvent(new Event('pointerdown'))

/** An app asking to switch to a network it did not configure: an alert, at any time. */
async function raiseAlert(client: ReturnType<typeof setup>['client']) {
  await client.connection.switchNetwork(unknownNetwork).catch(() => undefined)
}

/** Shows an error toast the way a feature does, and waits for it to be on screen. */
async function showError(client: ReturnType<typeof setup>['client'], key: string) {
  client.toast.showError({ key })
  // A toast replacing an open one comes after a 150 ms pause.
  await vi.advanceTimersByTimeAsync(150)
}

/** Lets the requests under way finish (the fake services answer at once). */
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('error telemetry', () => {
  it('sends nothing at page load, even for an error at load; it goes once the user acts', async () => {
    const { client, services } = setup()
    await raiseAlert(client)
    await settle()
    expect(services.requests).toEqual([])
    expect(client.telemetry.$status.get()).toBe('idle')

    client.modal.open()
    await settle()
    expect(services.configReads()).toHaveLength(1)
    expect(services.events().map((e) => e.body)).toMatchObject([
      { props: { type: 'error', event: 'ALERT', code: 'SWITCH_NETWORK_NOT_FOUND' } },
    ])
    expect(client.telemetry.$status.get()).toBe('on')
  })

  it('reports an error once: POST /e on the pulse URL with the spec query and body, no personal data', async () => {
    const { client, services } = setup()
    const wallet = createFakeWallet()
    cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
    client.connectors.startDiscovery()
    // Asking for a wallet is acting.
    await client.connection.connect({ connectorId: 'dev.portico.fake' })
    await client.history.refresh()
    await settle()

    const [sent, ...more] = services.events()
    expect(more).toEqual([])
    expect(sent?.method).toBe('POST')
    expect(sent?.contentType).toBe('application/json')
    // Sent even when the error is reported as the page closes.
    expect(sent?.keepalive).toBe(true)
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      projectId: 'test-project',
      st: 'portico',
      sv: SDK_VERSION,
    })
    expect(sent?.body).toEqual({
      eventId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      // The origin only: the path holds an address, the query an email.
      url: 'https://app.example',
      domain: 'app.example',
      timestamp: 1_700_000_000_000,
      props: {
        type: 'error',
        event: 'ERROR_SHOWN',
        code: 'history.fetchFailed',
        namespace: 'eip155',
      },
    })
    const text = JSON.stringify(sent?.body).toLowerCase()
    expect(text).not.toContain(TEST_ACCOUNTS[0].toLowerCase().slice(2))
    expect(text).not.toContain('alice')
    expect(services.configReads()).toHaveLength(1)
  })

  it('sends at most 5 a minute: the 6th is dropped, one a minute after the first goes', async () => {
    const { client, services } = setup()
    click()
    for (let i = 1; i <= 5; i++) {
      await showError(client, `test.failed${i}`)
      clock += 1_000
    }
    clock = 1_700_000_000_000 + 59_999
    await showError(client, 'test.failed6')
    await settle()
    expect(
      services.events().map((e) => (e.body as { props: { code: string } }).props.code),
    ).toEqual(['test.failed1', 'test.failed2', 'test.failed3', 'test.failed4', 'test.failed5'])
    clock = 1_700_000_000_000 + 60_000
    await showError(client, 'test.failed7')
    await settle()
    expect(services.events()).toHaveLength(6)
    expect(services.events().at(-1)?.body).toMatchObject({
      timestamp: 1_700_000_060_000,
      props: { code: 'test.failed7' },
    })
    // The configuration was read once for all of them.
    expect(services.configReads()).toHaveLength(1)
  })

  it('sends nothing, and reads no configuration, with analytics off', async () => {
    const { client, services } = setup({ features: { analytics: false } })
    click()
    client.modal.open()
    await raiseAlert(client)
    await showError(client, 'test.failed')
    await settle()
    // Opening the modal asks for what it shows (origins, wallets), never for analytics.
    expect(services.configReads()).toEqual([])
    expect(services.events()).toEqual([])
    expect(client.telemetry.$status.get()).toBe('off')
  })

  it('is off in a page without a project id: nothing is read or sent, whatever the user does', async () => {
    const { client, services } = setup({ projectId: '' })
    expect(client.telemetry.$status.get()).toBe('off')
    click()
    client.modal.open()
    await raiseAlert(client)
    await showError(client, 'test.failed')
    await settle()
    expect(services.configReads()).toEqual([])
    expect(services.events()).toEqual([])
  })

  it('reports each alert once, also when another one comes up after it', async () => {
    // A placeholder project id raises its alert at start; the network switch raises a second.
    const { client, services } = setup({ projectId: 'your-project-id' })
    await raiseAlert(client)
    click()
    await settle()
    await raiseAlert(client)
    await settle()
    expect(
      services.events().map((e) => (e.body as { props: { code: string } }).props.code),
    ).toEqual(['PROJECT_ID_NOT_CONFIGURED', 'SWITCH_NETWORK_NOT_FOUND'])
  })

  it('sends nothing when the project configuration says analytics is disabled', async () => {
    const { client, services } = setup()
    services.state.analyticsEnabled = false
    click()
    await raiseAlert(client)
    await showError(client, 'test.failed')
    await showError(client, 'test.failedAgain')
    await settle()
    expect(services.events()).toEqual([])
    expect(services.configReads()).toHaveLength(1)
    expect(client.telemetry.$status.get()).toBe('disabled')
  })

  it('drops the event when the configuration cannot be read, and asks again for the next one', async () => {
    const { client, services } = setup()
    services.state.config = 'fail'
    click()
    await showError(client, 'test.first')
    await settle()
    expect(services.events()).toEqual([])
    expect(client.telemetry.$status.get()).toBe('idle')
    services.state.config = 'ok'
    await showError(client, 'test.second')
    await settle()
    expect(services.configReads()).toHaveLength(2)
    expect(services.events().map((e) => e.body)).toMatchObject([{ props: { code: 'test.second' } }])
  })

  it('reports a wallet that fails a connection, not a user who declines', async () => {
    const { client, services } = setup()
    const wallet = createFakeWallet()
    cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
    client.connectors.startDiscovery()
    wallet.override('eth_requestAccounts', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    await client.connection.connect({ connectorId: 'dev.portico.fake' }).catch(() => undefined)
    await showError(client, 'send.declined')
    await settle()
    expect(services.events()).toEqual([])

    wallet.override('eth_requestAccounts', () => {
      throw {
        code: -32603,
        message: 'Internal error for 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      }
    })
    await client.connection.connect({ connectorId: 'dev.portico.fake' }).catch(() => undefined)
    await settle()
    expect(services.events().map((e) => e.body)).toMatchObject([
      { props: { event: 'WALLET_ERROR', code: 'WALLET_ERROR' } },
    ])
    expect(JSON.stringify(services.events()[0]?.body)).not.toContain('f39Fd6e51aad88F6F4')
  })

  it("sends a code as it is only when it is an identifier (an app's toast text never leaves)", async () => {
    const { client, services } = setup()
    click()
    await showError(client, 'Payment to alice@example.com failed')
    await client.toast.show({ text: 'Your address 0xabc is wrong' }, { variant: 'error' })
    await vi.advanceTimersByTimeAsync(150)
    await settle()
    expect(services.events().map((e) => e.body)).toMatchObject([{ props: { code: 'OTHER' } }])
  })

  it('gives up on a pulse server that does not answer after 30 s', async () => {
    const services = fakeServices()
    let signal: AbortSignal | undefined
    const { client } = setup({
      fetch: async (input, init) => {
        if (new URL(String(input)).origin !== PULSE) return services.fetch(input, init)
        signal = init?.signal ?? undefined
        // Never answers; only the abort ends it.
        return new Promise<Response>((_, reject) =>
          signal?.addEventListener('abort', () => reject(signal?.reason)),
        )
      },
    })
    await raiseAlert(client)
    click()
    await settle()
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(signal?.aborted).toBe(true)
  })

  it('leaves no listener on the page once the client is destroyed', () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const { client } = setup()
    const listeners = added.mock.calls.map(([type, listener]) => [type, listener])
    // Until the user acts, it listens for a pointer or a key on the page.
    expect(listeners.map(([type]) => type)).toEqual(
      expect.arrayContaining(['pointerdown', 'keydown']),
    )
    client.destroy()
    expect(removed.mock.calls.map(([type, listener]) => [type, listener])).toEqual(
      expect.arrayContaining(listeners),
    )
    added.mockRestore()
    removed.mockRestore()
  })

  it('stops with the client: nothing held is sent after destroy', async () => {
    const { client, services } = setup()
    await raiseAlert(client)
    client.destroy()
    click()
    await settle()
    expect(services.requests).toEqual([])
  })
})
