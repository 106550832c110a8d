// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://app.example", "settings": {"disableIframePageLoading": true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { frameNotice, frameSuccess, parseAppMessage } from './protocol.js'

// The secure frame as the page really holds it: an iframe in the document, messages through the
// window's `message` event. The frame's page does not load here; the test posts what it would.

const SECURE_ORIGIN = 'https://secure.test'
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
  vi.restoreAllMocks()
  for (const iframe of document.querySelectorAll('iframe')) iframe.remove()
})

function setup(allowedOrigins: unknown = { allowedOrigins: ['https://app.example'] }) {
  const asked: string[] = []
  const client = createPortico({
    projectId: 'project-1',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel: 'silent',
    apiUrls: { secureSite: SECURE_ORIGIN },
    fetch: async (input) => {
      const url = new URL(String(input))
      asked.push(url.pathname)
      if (url.pathname === '/projects/v1/origins') {
        if (allowedOrigins === 503) return Response.json({}, { status: 503 })
        return Response.json(allowedOrigins)
      }
      return Response.json({}, { status: 404 })
    },
  })
  cleanups.push(() => client.destroy())
  return { client, asked }
}

const iframe = () => document.querySelector('iframe')

/**
 * The frame's window: the frame page does not load in this DOM, so its window is a stand-in that
 * records what the app posts to it.
 */
let sent: { message: unknown; targetOrigin: string }[] = []
const frameWindow = {
  postMessage(message: unknown, targetOrigin: string) {
    sent.push({ message, targetOrigin })
  },
}
beforeEach(() => {
  sent = []
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(
    frameWindow as unknown as Window,
  )
})

/** Posts to the page as `source` from `origin` would (the frame by default). */
function post(data: unknown, { origin = SECURE_ORIGIN, source = frameWindow as unknown } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
}

async function mounted() {
  await vi.waitFor(() => expect(iframe()).not.toBeNull())
  return { frame: iframe() as HTMLIFrameElement, sent }
}

describe('the secure frame in the page', () => {
  it('is a hidden iframe, out of the tab order and the accessibility tree, sending its origin', async () => {
    const { client } = setup()
    void client.auth.preload().catch(() => undefined)
    const { frame } = await mounted()
    expect(frame.src).toBe(
      `${SECURE_ORIGIN}/sdk?projectId=project-1&chainId=31337&version=4&enableLogger=false`,
    )
    expect(frame.parentElement).toBe(document.body)
    expect(frame.getAttribute('aria-hidden')).toBe('true')
    expect(frame.tabIndex).toBe(-1)
    expect(frame.hasAttribute('title')).toBe(false)
    expect(frame.referrerPolicy).toBe('origin')
    expect(frame.style.width).toBe('0px')
    expect(frame.style.height).toBe('0px')
    expect(frame.style.opacity).toBe('0')
    expect(frame.style.pointerEvents).toBe('none')
    expect(frame.style.position).toBe('fixed')
    expect(frame.style.zIndex).toBe('2147483647')
  })

  it('posts each event to the secure origin only, and hears only the iframe', async () => {
    const { client } = setup()
    const ready = client.auth.preload()
    const { sent } = await mounted()
    // Another window posing as the frame, from the right origin: not heard.
    post(frameNotice('READY', { version: 4, chainId: 31337 }), { source: window })
    post(frameNotice('READY', { version: 4, chainId: 31337 }), { origin: 'https://evil.test' })
    await vi.advanceTimersByTimeAsync(0)
    expect(client.auth.$frame.get().status).not.toBe('ready')
    post(frameNotice('READY', { version: 4, chainId: 31337 }))
    await ready
    expect(client.auth.$frame.get().status).toBe('ready')
    await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(2))
    expect(sent.every((s) => s.targetOrigin === SECURE_ORIGIN)).toBe(true)
    expect(sent.every((s) => parseAppMessage(s.message).ok)).toBe(true)
    const connecting = client.auth.connectEmail('ada@example.com')
    await vi.waitFor(() =>
      expect(sent.at(-1)?.message).toMatchObject({ type: '@portico-app/CONNECT_EMAIL' }),
    )
    const id = (sent.at(-1)?.message as { id: string } | undefined)?.id ?? ''
    post(frameSuccess('CONNECT_EMAIL', id, { action: 'VERIFY_OTP' }), { source: window })
    post(frameSuccess('CONNECT_EMAIL', id, { action: 'VERIFY_OTP' }))
    expect(await connecting).toBe('otp')
  })

  it('shows over the approval place, with its title, while the frame shows an approval', async () => {
    const { client } = setup()
    const ready = client.auth.preload()
    const { frame } = await mounted()
    post(frameNotice('READY', { version: 4, chainId: 31337 }))
    await ready
    client.auth.showFrame({
      rect: { top: 10, left: 20, width: 300, height: 400 },
      title: 'Approve the transaction',
    })
    expect(frame.getAttribute('aria-hidden')).toBe('true')
    post(frameNotice('APPROVAL_OPEN', { requestId: 'portico-9', method: 'personal_sign' }))
    expect(frame.hasAttribute('aria-hidden')).toBe(false)
    expect(frame.hasAttribute('tabindex')).toBe(false)
    expect(frame.title).toBe('Approve the transaction')
    expect([frame.style.top, frame.style.left, frame.style.width, frame.style.height]).toEqual([
      '10px',
      '20px',
      '300px',
      '400px',
    ])
    expect(frame.style.opacity).toBe('1')
    expect(frame.style.pointerEvents).toBe('auto')
    post(frameNotice('APPROVAL_CLOSED', { requestId: 'portico-9', approved: true }))
    expect(frame.getAttribute('aria-hidden')).toBe('true')
    expect(frame.hasAttribute('title')).toBe(false)
    expect(frame.style.width).toBe('0px')
    // The same iframe all along: moving or replacing it would reload the frame.
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    expect(iframe()).toBe(frame)
  })

  it('a hidden page is not taken for a silent frame', async () => {
    const { client } = setup()
    const ready = client.auth.preload()
    await mounted()
    post(frameNotice('READY', { version: 4, chainId: 31337 }))
    await ready
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(client.auth.$frame.get().status).toBe('ready')
    visibility.mockReturnValue('visible')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(client.auth.$frame.get().status).toBe('failed')
    expect(iframe()).toBeNull()
  })
})

describe('a frame that never says READY', () => {
  it('on a page whose origin the project does not allow: the unverified-domain alert', async () => {
    const { client, asked } = setup({ allowedOrigins: ['https://other.example', 'http://*.test'] })
    const attempt = client.auth.preload().catch((error: unknown) => error)
    await mounted()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(await attempt).toMatchObject({ code: 'EMAIL_DEPENDENCY_LOAD_FAILED' })
    await vi.waitFor(() => expect(client.alerts.$alerts.get()).toHaveLength(1))
    expect(client.alerts.$alerts.get()[0]).toMatchObject({
      code: 'UNVERIFIED_DOMAIN',
      details: {
        origin: 'https://app.example',
        allowedOrigins: ['https://other.example', 'http://*.test'],
      },
    })
    expect(asked).toEqual(['/projects/v1/origins'])
    expect(iframe()).toBeNull()
  })

  it('on an allowed origin (a wildcard matches): the load-failed alert', async () => {
    const { client } = setup({ allowedOrigins: ['https://*.example'] })
    const attempt = client.auth.preload().catch((error: unknown) => error)
    await mounted()
    await vi.advanceTimersByTimeAsync(20_000)
    await attempt
    await vi.waitFor(() => expect(client.alerts.$alerts.get()).toHaveLength(1))
    expect(client.alerts.$alerts.get()[0]).toMatchObject({
      code: 'IFRAME_LOAD_FAILED',
      details: { secureSite: SECURE_ORIGIN },
    })
  })

  for (const [name, answer] of [
    ['a list that cannot be read (503)', 503],
    ['a malformed list', { allowedOrigins: 'https://app.example' }],
  ] as const) {
    it(`with ${name}: the load-failed alert`, async () => {
      const { client } = setup(answer)
      const attempt = client.auth.preload().catch((error: unknown) => error)
      await mounted()
      await vi.advanceTimersByTimeAsync(20_000)
      await attempt
      await vi.waitFor(() => expect(client.alerts.$alerts.get()).toHaveLength(1))
      expect(client.alerts.$alerts.get()[0]?.code).toBe('IFRAME_LOAD_FAILED')
    })
  }
})
