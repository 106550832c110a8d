import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Eip1193Provider } from '../connectors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { type AuthSetupOptions, rejection, settle, setupAuth } from '../test-utils/auth.js'
import { EMBEDDED_ADDRESS, frameFailure, SECURE_ORIGIN } from '../test-utils/secureFrame.js'
import { AUTH_CONNECTOR_ID } from './index.js'
import { frameNotice, frameSuccess } from './protocol.js'

// The secure frame's messages reach the page through `window.onmessage`, where any script, tab
// or frame can post too. Only the iframe's own window, from the secure site's exact origin, with
// a well-formed message, is heard.

const START = 1_700_000_000_000
const cleanups: (() => void)[] = []

beforeEach(() => {
  vi.useFakeTimers({
    now: START,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

const setup = (options?: AuthSetupOptions) => setupAuth(cleanups, options)
/** The id the app gave its latest `event` (once the frame got it). */
async function idOf(frame: ReturnType<typeof setup>['frame'], event: string) {
  await vi.waitFor(() =>
    expect(frame.received.some((m) => m.type === `@portico-app/${event}`)).toBe(true),
  )
  return frame.received.filter((m) => m.type === `@portico-app/${event}`).at(-1)?.id as string
}

describe('messages the page hears', () => {
  it('an answer from another origin, another window or for another event is ignored', async () => {
    const { client, frame } = setup()
    frame.handlers.CONNECT_EMAIL = () => 'never'
    let outcome: string | undefined
    const login = client.auth.connectEmail('ada@example.com').then((value) => {
      outcome = value
    })
    const id = await idOf(frame, 'CONNECT_EMAIL')
    const forged = frameSuccess('CONNECT_EMAIL', id, { action: 'CONNECT' })
    // Another origin (a page that framed the app, another tab).
    frame.post(forged, { origin: 'https://evil.test' })
    // A look-alike origin.
    frame.post(forged, { origin: `${SECURE_ORIGIN}.evil.test` })
    frame.post(forged, { origin: 'http://secure.test' })
    // The right origin from another window (another frame of the secure site).
    frame.post(forged, { source: {} })
    frame.post(forged, { source: null })
    // The right window and origin, but the answer of another event under this id.
    frame.post(frameSuccess('SWITCH_NETWORK', id, { chainId: 1 }))
    // The right event, under an id the app never used.
    frame.post(frameSuccess('CONNECT_EMAIL', 'portico-999', { action: 'CONNECT' }))
    // A malformed answer.
    frame.post({ ...forged, payload: { action: 'LOG_IN_AS_ADMIN' } })
    await settle()
    expect(outcome).toBeUndefined()
    expect(client.auth.$login.get()).toMatchObject({ status: 'pending', isPending: true })
    // The frame's own answer counts, and only the first one.
    frame.post(frameSuccess('CONNECT_EMAIL', id, { action: 'VERIFY_OTP' }))
    frame.post(frameSuccess('CONNECT_EMAIL', id, { action: 'CONNECT' }))
    await login
    expect(outcome).toBe('otp')
    expect(client.auth.$login.get().step).toBe('otp')
    expect(frame.events('GET_USER')).toEqual([])
  })

  it('READY counts only from the frame, in this protocol version, once per load', async () => {
    const { client, frame } = setup({ autoReady: false })
    const loading = client.auth.preload()
    await vi.waitFor(() => expect(frame.mounts).toHaveLength(1))
    frame.post(frameNotice('READY', { version: 4, chainId: 1 }), { origin: 'https://evil.test' })
    frame.post(frameNotice('READY', { version: 4, chainId: 1 }), { source: {} })
    frame.post(frameNotice('READY', { version: 3, chainId: 1 }))
    frame.post(frameNotice('READY', { version: 4, chainId: 0 }))
    await settle()
    expect(client.auth.$frame.get().status).not.toBe('ready')
    frame.ready()
    await loading
    expect(client.auth.$frame.get().status).toBe('ready')
    // The frame repeats READY until the first event: it says nothing new.
    const provider = client.connectors.get(AUTH_CONNECTOR_ID)?.provider as Eip1193Provider
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    frame.post(frameNotice('READY', { version: 4, chainId: 1 }))
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('an approval notice from anyone but the frame shows nothing', async () => {
    const { client, frame } = setup()
    await client.auth.preload()
    const notice = frameNotice('APPROVAL_OPEN', { requestId: 'portico-1', method: 'personal_sign' })
    frame.post(notice, { origin: 'https://evil.test' })
    frame.post(notice, { source: {} })
    expect(client.auth.$frame.get().approval).toBeUndefined()
    frame.post(notice)
    expect(client.auth.$frame.get().approval).toEqual({
      requestId: 'portico-1',
      method: 'personal_sign',
    })
    // Closing another request's approval leaves this one on screen.
    frame.post(frameNotice('APPROVAL_CLOSED', { requestId: 'portico-2', approved: true }))
    expect(client.auth.$frame.get().approval?.requestId).toBe('portico-1')
    frame.post(frameNotice('APPROVAL_CLOSED', { requestId: 'portico-1', approved: true }))
    expect(client.auth.$frame.get().approval).toBeUndefined()
  })

  it('an approval closed while none is shown changes nothing', async () => {
    const { client, frame } = setup()
    await client.auth.preload()
    frame.post(frameNotice('APPROVAL_CLOSED', { requestId: 'portico-1', approved: true }))
    expect(client.auth.$frame.get()).toEqual({ status: 'ready', approval: undefined })
  })

  it('the frame is shown over the place the view gives only while it shows an approval', async () => {
    const { client, frame } = setup()
    await client.auth.preload()
    const placement = { rect: { top: 10, left: 20, width: 300, height: 400 }, title: 'Approve' }
    client.auth.showFrame(placement)
    expect(frame.placements.at(-1)).toBeUndefined()
    frame.post(frameNotice('APPROVAL_OPEN', { requestId: 'portico-1', method: 'personal_sign' }))
    expect(frame.placements.at(-1)).toEqual(placement)
    frame.post(frameNotice('APPROVAL_CLOSED', { requestId: 'portico-1', approved: false }))
    expect(frame.placements.at(-1)).toBeUndefined()
  })
})

describe('a frame that goes silent', () => {
  it('after 3 missed heartbeats (5 s each) it is removed, and the next use loads it again', async () => {
    const { client, frame } = setup()
    await client.auth.preload()
    frame.state.heartbeat = false
    frame.handlers.IS_CONNECTED = () => 'never'
    const provider = client.connectors.get(AUTH_CONNECTOR_ID)?.provider as Eip1193Provider
    const waiting = provider.request({ method: 'eth_accounts' }).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(client.auth.$frame.get().status).toBe('ready')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(client.auth.$frame.get()).toEqual({ status: 'failed', approval: undefined })
    expect(frame.state.removed).toBe(1)
    expect(await waiting).toMatchObject({ message: 'The secure frame stopped answering' })
    // No load alert: the frame did load; it loads again on next use.
    expect(client.alerts.$alerts.get()).toEqual([])
    frame.state.heartbeat = true
    await client.auth.preload()
    expect(frame.mounts).toHaveLength(2)
    expect(client.auth.$frame.get().status).toBe('ready')
  })

  it('heartbeats keep it alive; a hidden page is not taken for a silent frame', async () => {
    const { client, frame } = setup()
    await client.auth.preload()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(client.auth.$frame.get().status).toBe('ready')
    frame.state.heartbeat = false
    frame.state.visible = false
    await vi.advanceTimersByTimeAsync(60_000)
    expect(client.auth.$frame.get().status).toBe('ready')
    expect(frame.state.removed).toBe(0)
  })

  it('heartbeats from another origin do not keep it alive', async () => {
    const { client, frame } = setup()
    await client.auth.preload()
    frame.state.heartbeat = false
    const forge = setInterval(
      () => frame.post(frameNotice('HEARTBEAT', { sequence: 1 }), { origin: 'https://evil.test' }),
      1_000,
    )
    cleanups.push(() => clearInterval(forge))
    await vi.advanceTimersByTimeAsync(20_000)
    expect(client.auth.$frame.get().status).toBe('failed')
  })
})

describe('the embedded wallet as an EIP-1193 provider', () => {
  const provider = (client: ReturnType<typeof setup>['client']) =>
    client.connectors.get(AUTH_CONNECTOR_ID)?.provider as Eip1193Provider

  it('restores a signed-in session: eth_accounts asks the frame who is signed in', async () => {
    const { client, frame } = setup({ signedIn: true })
    expect(await provider(client).request({ method: 'eth_accounts' })).toEqual([EMBEDDED_ADDRESS])
    expect(frame.events('IS_CONNECTED')).toHaveLength(1)
    expect(frame.events('GET_USER')).toHaveLength(1)
    // Known from now on: the frame is not asked again.
    expect(await provider(client).request({ method: 'eth_requestAccounts' })).toEqual([
      EMBEDDED_ADDRESS,
    ])
    expect(frame.events('IS_CONNECTED')).toHaveLength(1)
  })

  it('no session: no accounts, and asking for them says no auth connector user', async () => {
    const { client } = setup()
    expect(await provider(client).request({ method: 'eth_accounts' })).toEqual([])
    const error = await rejection(provider(client).request({ method: 'eth_requestAccounts' }))
    expect(error.code).toBe('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND')
    expect(error.message).toBe('Address or auth connector not found')
  })

  it('a session that cannot be restored shows the init-failed error toast', async () => {
    const { client, frame } = setup({ signedIn: true })
    frame.handlers.GET_USER = () => {
      throw frameFailure('Session store unavailable')
    }
    const error = await rejection(provider(client).request({ method: 'eth_accounts' }))
    expect(error.message).toBe('Session store unavailable')
    expect(client.toast.$toast.get()).toMatchObject({
      open: true,
      variant: 'error',
      message: { key: 'auth.initFailed' },
    })
  })

  it('switches chain through the frame and says chainChanged; an unknown chain is 4902', async () => {
    const { client, frame } = setup()
    const changes: unknown[] = []
    provider(client).on?.('chainChanged', (id: never) => changes.push(id))
    expect(await provider(client).request({ method: 'eth_chainId' })).toBe('0x7a69')
    await provider(client).request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    expect(frame.events('SWITCH_NETWORK')).toEqual([{ chainId: 31338 }])
    expect(changes).toEqual(['0x7a6a'])
    expect(await provider(client).request({ method: 'eth_chainId' })).toBe('0x7a6a')
    const unknown = await provider(client)
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
      .catch((e: unknown) => e)
    expect(unknown).toEqual({ code: 4902, message: 'Unsupported chain', data: undefined })
    for (const params of [undefined, [], [{ chainId: 5 }], [{ chainId: '0x0' }], [{}]]) {
      const bad = await provider(client)
        .request({ method: 'wallet_switchEthereumChain', params })
        .catch((e: unknown) => e)
      expect(bad).toMatchObject({ code: -32602, message: 'Expected [{ chainId }]' })
    }
    expect(frame.events('SWITCH_NETWORK')).toHaveLength(2)
    expect(changes).toEqual(['0x7a6a'])
  })

  it('a read-only call the frame fails is an EIP-1193 error with the frame code', async () => {
    const { client, frame } = setup()
    frame.handlers.RPC_REQUEST = () => {
      throw frameFailure('execution reverted', 3, { reason: 'nope' })
    }
    const error = await provider(client)
      .request({ method: 'eth_call', params: [{ to: EMBEDDED_ADDRESS }] })
      .catch((e: unknown) => e)
    expect(error).toEqual({ code: 3, message: 'execution reverted', data: { reason: 'nope' } })
    frame.handlers.RPC_REQUEST = () => {
      throw frameFailure('no code')
    }
    const noCode = await provider(client)
      .request({ method: 'eth_blockNumber' })
      .catch((e: unknown) => e)
    expect(noCode).toMatchObject({ code: 4900, message: 'no code' })
    expect(frame.events('RPC_REQUEST').at(-1)).toEqual({ method: 'eth_blockNumber' })
  })

  it('a signed transaction answer that is neither a hash nor an object is refused', async () => {
    const { client, frame } = await import('../test-utils/auth.js').then((m) =>
      m.loggedIn(cleanups),
    )
    frame.handlers.RPC_REQUEST = () => ({ result: 'not a hash' })
    const error = await rejection(
      provider(client).request({ method: 'personal_sign', params: ['0x00', EMBEDDED_ADDRESS] }),
    )
    expect(error.code).toBe('INVALID_RESPONSE')
    expect(error.message).toBe("The wallet's answer to personal_sign is not valid")
  })
})

describe('the embedded wallet as an EIP-1193 provider, at its edges', () => {
  const provider = (client: ReturnType<typeof setup>['client']) =>
    client.connectors.get(AUTH_CONNECTOR_ID)?.provider as Eip1193Provider

  it('no session: asking the frame for the user is not needed', async () => {
    const { client, frame } = setup()
    expect(await provider(client).request({ method: 'eth_accounts' })).toEqual([])
    expect(frame.events('IS_CONNECTED')).toHaveLength(1)
    expect(frame.events('GET_USER')).toEqual([])
  })

  it('a session that cannot be restored when the app asks for accounts shows no toast', async () => {
    const { client, frame } = setup({ signedIn: true })
    frame.handlers.GET_USER = () => {
      throw frameFailure('Session store unavailable')
    }
    const error = await rejection(provider(client).request({ method: 'eth_requestAccounts' }))
    expect(error.message).toBe('Session store unavailable')
    expect(client.toast.$toast.get().open).toBe(false)
  })

  it('a chain id that is not a safe integer is refused before the frame', async () => {
    const { client, frame } = setup()
    for (const chainId of ['0x20000000000000', 'zz', '-0x1']) {
      const bad = await provider(client)
        .request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
        .catch((e: unknown) => e)
      expect(bad).toMatchObject({ code: -32602 })
    }
    expect(frame.events('SWITCH_NETWORK')).toEqual([])
  })

  it('a chain switch the frame fails for another reason is that error', async () => {
    const { client, frame } = setup()
    frame.handlers.SWITCH_NETWORK = () => {
      throw frameFailure('Not signed in')
    }
    const error = await rejection(
      provider(client).request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    )
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.details?.message).toEqual({ key: 'auth.error.notSignedIn' })
  })

  it('a read-only call the frame does not answer in 30 s times out, with the alert', async () => {
    const { client, frame } = setup()
    frame.handlers.RPC_REQUEST = () => 'never'
    const call = rejection(provider(client).request({ method: 'eth_blockNumber' }))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(client.alerts.$alerts.get()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    const error = await call
    expect(error.code).toBe('TIMEOUT')
    expect(client.alerts.$alerts.get().map((a) => a.code)).toEqual(['IFRAME_REQUEST_TIMEOUT'])
  })
})

describe('a client destroyed while the frame loads', () => {
  it('rejects what waits for the frame', async () => {
    const { client } = setup({ autoReady: false })
    const loading = rejection(client.auth.preload())
    await settle()
    client.destroy()
    const error = await loading
    expect(error.code).toBe('ABORTED')
    expect(error.message).toBe('The client was destroyed')
  })
})

describe('the secure site URL', () => {
  it('must be an http(s) URL', async () => {
    const { client } = setupAuth(cleanups, {
      storage: createMemoryStorage(),
      options: { apiUrls: { secureSite: 'javascript:alert(1)' } as never },
    })
    const error = await rejection(client.auth.preload())
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.message).toBe('apiUrls.secureSite must be an http(s) URL')
    expect(error.cause).toBeDefined()
  })

  it('may be plain http (a local secure site), and its trailing slashes do not double', async () => {
    const { client, frame } = setup({
      options: { apiUrls: { secureSite: 'http://secure.test//' } as never },
    })
    void client.auth.preload().catch(() => undefined)
    await settle()
    expect(frame.mounts).toEqual([
      'http://secure.test/sdk?projectId=project-1&chainId=31337&version=4&enableLogger=false',
    ])
  })

  it('an app with no EVM network cannot load the frame', async () => {
    const { client, frame } = setup({
      options: {
        networks: [
          {
            id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
            name: 'Solana',
            nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
            rpcUrls: { http: ['http://127.0.0.1:11'] },
          },
        ] as never,
        // Never loaded here: the frame is refused before any chain is used.
        adapters: { solana: async () => Promise.reject(new Error('not loaded')) },
      },
    })
    expect((await rejection(client.auth.preload())).code).toBe('UNSUPPORTED_CHAIN')
    expect(frame.mounts).toEqual([])
  })
})

describe('what the frame is told about the app', () => {
  it('the app metadata, with only http(s) icons, and the theme as it changes', async () => {
    const { client, frame } = setup({
      options: {
        metadata: {
          name: 'N'.repeat(120),
          description: 'An app',
          url: 'https://app.example',
          icons: [
            'https://app.example/icon.png',
            'javascript:alert(1)',
            'data:image/png;base64,AA',
          ],
        },
        themeMode: 'light',
      },
    })
    await client.auth.preload()
    await vi.waitFor(() => expect(frame.events('SYNC_DAPP_DATA')).toHaveLength(1))
    expect(frame.events('SYNC_DAPP_DATA')[0]).toMatchObject({
      metadata: {
        name: 'N'.repeat(100),
        description: 'An app',
        url: 'https://app.example',
        icons: ['https://app.example/icon.png'],
      },
      projectId: 'project-1',
    })
    await vi.waitFor(() => expect(frame.events('SYNC_THEME')).toHaveLength(1))
    expect(frame.events('SYNC_THEME')[0]?.themeMode).toBe('light')
    client.theme.setThemeMode('dark')
    await vi.waitFor(() => expect(frame.events('SYNC_THEME')).toHaveLength(2))
    expect(frame.events('SYNC_THEME')[1]?.themeMode).toBe('dark')
    expect(frame.refused).toEqual([])
  })

  it('metadata whose url is not http(s) is left out; the rest is still sent', async () => {
    const { client, frame } = setup({
      options: {
        metadata: { name: 'App', description: '', url: 'ftp://app.example', icons: [] },
      },
    })
    await client.auth.preload()
    await vi.waitFor(() => expect(frame.events('SYNC_DAPP_DATA')).toHaveLength(1))
    expect(frame.events('SYNC_DAPP_DATA')[0]).not.toHaveProperty('metadata')
    expect(frame.events('SYNC_DAPP_DATA')[0]?.projectId).toBe('project-1')
  })

  it('cuts the metadata to what the frame accepts: 500-character description, 10 icons, 200-character project id', async () => {
    const icons = Array.from({ length: 12 }, (_, i) => `https://app.example/${i}.png`)
    const { client, frame } = setup({
      options: {
        projectId: 'p'.repeat(250),
        metadata: { name: 'App', description: 'D'.repeat(600), url: 'http://app.example', icons },
      },
    })
    await client.auth.preload()
    await vi.waitFor(() => expect(frame.events('SYNC_DAPP_DATA')).toHaveLength(1))
    expect(frame.events('SYNC_DAPP_DATA')[0]).toEqual({
      metadata: {
        name: 'App',
        description: 'D'.repeat(500),
        url: 'http://app.example',
        icons: icons.slice(0, 10),
      },
      projectId: 'p'.repeat(200),
      sdkType: 'portico',
      sdkVersion: '0.1.0',
    })
    expect(frame.refused).toEqual([])
  })

  it.each([
    ['a url of 2048 characters is sent', `https://app.example/${'a'.repeat(2028)}`, true],
    ['a url of 2049 characters is left out', `https://app.example/${'a'.repeat(2029)}`, false],
    ['a url that only contains an http(s) URL is left out', 'see https://app.example', false],
  ])('%s', async (_, url, sent) => {
    const { client, frame } = setup({
      options: { metadata: { name: 'App', description: '', url, icons: [] } },
    })
    await client.auth.preload()
    await vi.waitFor(() => expect(frame.events('SYNC_DAPP_DATA')).toHaveLength(1))
    expect(frame.events('SYNC_DAPP_DATA')[0]?.metadata?.url).toBe(sent ? url : undefined)
    expect(frame.refused).toEqual([])
  })

  it('passes the theme variables, leaving out a value that could break out of a CSS declaration', async () => {
    const { client, frame } = setup({
      options: {
        themeMode: 'dark',
        themeVariables: {
          accent: 'red; background: url(https://evil.example)',
          background: 'x'.repeat(201),
          foreground: '<b>',
          fontFamily: 'f'.repeat(200),
          borderRadius: '8px',
          zIndex: 5,
        },
      },
    })
    await client.auth.preload()
    await vi.waitFor(() => expect(frame.events('SYNC_THEME')).toHaveLength(1))
    const sent = frame.events('SYNC_THEME')[0]?.themeVariables ?? {}
    expect(sent).toMatchObject({
      '--portico-font-family': 'f'.repeat(200),
      '--portico-border-radius': '8px',
      '--portico-z-index': '5',
    })
    // The accent, background and foreground the app gave are not valid: not sent at all.
    expect(Object.keys(sent).sort()).toEqual([
      '--portico-border',
      '--portico-border-radius',
      '--portico-error',
      '--portico-font-family',
      '--portico-foreground-muted',
      '--portico-success',
      '--portico-surface',
      '--portico-z-index',
    ])
    expect(frame.refused).toEqual([])
  })

  it('a theme change while the frame loads is sent once, when it is ready', async () => {
    const { client, frame } = setup({ autoReady: false })
    const loading = client.auth.preload()
    await vi.waitFor(() => expect(frame.mounts).toHaveLength(1))
    client.theme.setThemeMode('light')
    frame.ready()
    await loading
    await vi.waitFor(() => expect(frame.events('SYNC_THEME')).toHaveLength(1))
    await settle()
    expect(frame.events('SYNC_THEME')).toHaveLength(1)
    expect(frame.events('SYNC_THEME')[0]?.themeMode).toBe('light')
  })

  it('a theme change before email is used loads no frame', async () => {
    const { client, frame } = setup()
    client.theme.setThemeMode('light')
    await settle()
    expect(frame.mounts).toEqual([])
    expect(client.auth.$frame.get().status).toBe('idle')
  })

  it('the theme is not sent to a frame that is not ready', async () => {
    const { client, frame } = setup({ autoReady: false })
    void client.auth.preload().catch(() => undefined)
    await vi.waitFor(() => expect(frame.mounts).toHaveLength(1))
    client.theme.setThemeMode('light')
    await settle()
    expect(frame.events('SYNC_THEME')).toEqual([])
  })
})
