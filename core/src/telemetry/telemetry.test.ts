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
    // 'wait': the configuration answers only when the test calls `answerConfig`.
    config: 'ok' as 'ok' | 'fail' | 'wait',
    // 'down': the pulse server cannot be reached; 'error': it answers 500.
    pulse: 'ok' as 'ok' | 'down' | 'error',
    history: 'fail' as 'ok' | 'fail',
  }
  const waitingConfig: (() => void)[] = []
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
      if (state.config === 'wait') await new Promise<void>((resolve) => waitingConfig.push(resolve))
      return Response.json({ isAnalyticsEnabled: state.analyticsEnabled })
    }
    if (url.origin === PULSE && url.pathname === '/e' && method === 'POST') {
      if (state.pulse === 'down') throw new TypeError('Failed to fetch')
      if (state.pulse === 'error') return Response.json({ error: 'broken' }, { status: 500 })
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
    /** Answers the configuration reads waiting in 'wait' mode. */
    answerConfig: () => {
      for (const answer of waitingConfig.splice(0)) answer()
    },
    events: () => to(PULSE, '/e'),
  }
}

let clock = 1_700_000_000_000
const cleanups: (() => void)[] = []
// The half's code loads with the first error seen, the requests' with the first request
// (lazyModule); here they are already in memory, as in an app after its first report: these tests
// look at what is sent and when, with faked timers that cannot wait for a module to be fetched.
beforeAll(async () => {
  await Promise.all([import('./lazy.js'), import('../api/requests.js')])
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

/** What each event sent said happened. */
const reported = (services: ReturnType<typeof fakeServices>) =>
  services.events().map((e) => {
    const { event, code } = (e.body as { props: { event: string; code: string } }).props
    return { event, code }
  })

/** The lines printed at debug level (use with `logLevel: 'debug'`), kept off the test output. */
function debugLines() {
  const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
  cleanups.push(() => debug.mockRestore())
  return () => debug.mock.calls
}

/** A wallet the user connects (asking for it is acting). */
async function connectWallet(client: ReturnType<typeof setup>['client']) {
  const wallet = createFakeWallet()
  cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
  client.connectors.startDiscovery()
  await client.connection.connect({ connectorId: 'dev.portico.fake' })
  return wallet
}

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
    const debug = debugLines()
    const { client, services } = setup({ logLevel: 'debug' })
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
    // The drop is silent for the user, but a developer debugging sees it.
    expect(debug()).toContainEqual([
      '[portico] error telemetry: more than 5 a minute, ERROR_SHOWN test.failed6 dropped',
    ])
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
    const added = vi.spyOn(window, 'addEventListener')
    cleanups.push(() => added.mockRestore())
    const { client, services } = setup({ features: { analytics: false } })
    // Nor does it watch the user's clicks and keys for a moment to send.
    expect(added.mock.calls.map(([type]) => type)).not.toContain('pointerdown')
    expect(added.mock.calls.map(([type]) => type)).not.toContain('keydown')
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
    const debug = debugLines()
    const { client, services } = setup({ logLevel: 'debug' })
    services.state.config = 'fail'
    click()
    await showError(client, 'test.first')
    await settle()
    expect(services.events()).toEqual([])
    expect(client.telemetry.$status.get()).toBe('idle')
    expect(debug()).toContainEqual([
      '[portico] could not read the analytics configuration',
      expect.any(Error),
    ])
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

  it('says it is checking while it reads the configuration', async () => {
    const { client, services } = setup()
    services.state.config = 'wait'
    await raiseAlert(client)
    click()
    await settle()
    expect(client.telemetry.$status.get()).toBe('checking')
    expect(services.events()).toEqual([])
    services.answerConfig()
    await settle()
    expect(client.telemetry.$status.get()).toBe('on')
    expect(reported(services)).toEqual([{ event: 'ALERT', code: 'SWITCH_NETWORK_NOT_FOUND' }])
  })

  it('sends nothing when the client is destroyed while the configuration is being read', async () => {
    const { client, services } = setup()
    services.state.config = 'wait'
    await raiseAlert(client)
    click()
    await settle()
    expect(services.configReads()).toHaveLength(1)
    client.destroy()
    services.answerConfig()
    await settle()
    expect(services.events()).toEqual([])
  })

  it('sends at once in a page the user opened by acting (the browser says they already did)', async () => {
    Object.defineProperty(navigator, 'userActivation', {
      value: { hasBeenActive: true },
      configurable: true,
    })
    cleanups.push(() => Reflect.deleteProperty(navigator, 'userActivation'))
    const { client, services } = setup()
    await raiseAlert(client)
    await settle()
    expect(reported(services)).toEqual([{ event: 'ALERT', code: 'SWITCH_NETWORK_NOT_FOUND' }])
  })

  it('counts asking for a wallet as acting, before the wallet answers', async () => {
    const { client, services } = setup()
    await raiseAlert(client)
    const wallet = createFakeWallet()
    cleanups.push(wallet.announce(window, { name: 'Fake', rdns: 'dev.portico.fake' }))
    client.connectors.startDiscovery()
    // The wallet's prompt stays open.
    wallet.override('eth_requestAccounts', () => new Promise(() => {}))
    void client.connection.connect({ connectorId: 'dev.portico.fake' }).catch(() => undefined)
    await settle()
    expect(reported(services)).toEqual([{ event: 'ALERT', code: 'SWITCH_NETWORK_NOT_FOUND' }])
  })

  it('holds at most 5 until the user acts, however long that takes: no more go in that minute', async () => {
    const { client, services } = setup()
    for (let i = 1; i <= 5; i++) await showError(client, `test.failed${i}`)
    // Over a minute later: the limit would let this one through, but 5 already wait.
    clock += 61_000
    await showError(client, 'test.failed6')
    await settle()
    expect(services.requests).toEqual([])
    click()
    await settle()
    expect(reported(services).map((r) => r.code)).toEqual([
      'test.failed1',
      'test.failed2',
      'test.failed3',
      'test.failed4',
      'test.failed5',
    ])
  })

  it('gives each event its own id, so the service can tell two errors from one sent twice', async () => {
    const { client, services } = setup()
    click()
    await showError(client, 'test.first')
    await showError(client, 'test.second')
    await settle()
    const ids = services.events().map((e) => (e.body as { eventId: string }).eventId)
    expect(ids).toHaveLength(2)
    expect(ids[0]).not.toBe(ids[1])
  })

  it('does not report a toast of a user who refused, nor a toast that is not an error', async () => {
    const { client, services } = setup()
    click()
    for (const key of ['error.USER_REJECTED', 'error.ABORTED', 'error.REQUEST_ABORTED']) {
      await showError(client, key)
    }
    client.toast.show({ key: 'send.sent' }, { variant: 'success' })
    await vi.advanceTimersByTimeAsync(150)
    // An error code that is not a refusal is an error.
    await showError(client, 'error.API_TIMEOUT')
    await settle()
    expect(reported(services)).toEqual([{ event: 'ERROR_SHOWN', code: 'error.API_TIMEOUT' }])
  })

  it('reports a wallet that fails a network switch, not a refusal nor a chain it cannot add', async () => {
    const second = { ...networks[0], id: 'eip155:31338' as const, name: 'Devnet 2' }
    const { client, services } = setup({ networks: [...networks, second] })
    const wallet = await connectWallet(client)
    const switchTo = async () => {
      await client.connection.switchNetwork(second).catch(() => undefined)
      await vi.advanceTimersByTimeAsync(150)
    }

    wallet.override('wallet_switchEthereumChain', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    await switchTo()
    expect(services.events()).toEqual([])

    // A chain the wallet cannot add: its toast is what is reported, once.
    wallet.override('wallet_switchEthereumChain', () => {
      throw { code: 4902, message: 'Unrecognized chain' }
    })
    wallet.override('wallet_addEthereumChain', () => {
      throw { code: -32603, message: 'Internal error' }
    })
    await switchTo()
    expect(reported(services)).toEqual([
      { event: 'ERROR_SHOWN', code: 'network.chainNotSupported' },
    ])

    wallet.override('wallet_switchEthereumChain', () => {
      throw { code: -32603, message: 'Internal error' }
    })
    await switchTo()
    expect(reported(services)).toEqual([
      { event: 'ERROR_SHOWN', code: 'network.chainNotSupported' },
      { event: 'WALLET_ERROR', code: 'WALLET_ERROR' },
    ])
  })

  it('never reports its own failures: a pulse server out of reach is only logged at debug level', async () => {
    const debug = debugLines()
    const { client, services } = setup({ logLevel: 'debug' })
    services.state.pulse = 'down'
    click()
    await showError(client, 'test.failed')
    await settle()
    expect(services.events()).toHaveLength(1)
    expect(debug()).toContainEqual([
      '[portico] could not send error telemetry',
      expect.any(TypeError),
    ])
    expect(client.toast.$toast.get().message).toEqual({ key: 'test.failed' })
    expect(client.alerts.$alerts.get()).toEqual([])
  })

  it('logs at debug level an event the pulse server refused, and nothing for one it took', async () => {
    const debug = debugLines()
    const { client, services } = setup({ logLevel: 'debug' })
    const answered = () =>
      debug().filter(([line]) => String(line).startsWith('[portico] error telemetry answered'))
    click()
    await showError(client, 'test.taken')
    await settle()
    expect(services.events()).toHaveLength(1)
    expect(answered()).toEqual([])
    services.state.pulse = 'error'
    await showError(client, 'test.refused')
    await settle()
    expect(services.events()).toHaveLength(2)
    expect(answered()).toEqual([['[portico] error telemetry answered 500']])
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
