// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://app.example/swap" }
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
// The origin check (the heavy half) loads when the modal first opens: loaded here so its import()
// resolves at once under fake timers.
import './lazy.js'

// The alerts a developer sees: the project id at once, the page's origin when the modal first
// opens. The toolkit service is the edge of the world here: it answers with a list, or fails.

const TOOLKIT = 'https://toolkit.test'
const cleanups: (() => void)[] = []

// The requests' code loads with the first request (lazyModule); here it is in memory already, as
// in a page where the modal's prefetch fetched it: faked timers cannot wait for a module fetch.
beforeAll(async () => {
  await import('../api/requests.js')
})
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  })
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

type OriginsAnswer = { allowedOrigins: string[] } | 503

function setup(answer: OriginsAnswer, options: Partial<PorticoOptions> = {}) {
  // The requests for the allowed origins (opening the modal asks other things too).
  const asked: string[] = []
  const printed = {
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
  }
  const client = createPortico({
    projectId: 'project-1',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel: 'warn',
    apiUrls: { toolkit: TOOLKIT },
    fetch: async (input) => {
      const url = new URL(String(input))
      if (url.origin === TOOLKIT && url.pathname === '/projects/v1/origins') {
        asked.push(url.pathname)
        if (answer === 503) return Response.json({ error: 'down' }, { status: 503 })
        return Response.json(answer)
      }
      return Response.json({ error: 'not here' }, { status: 404 })
    },
    ...options,
  })
  cleanups.push(() => client.destroy())
  return { client, asked, printed }
}

/** Lets the next frame be painted and the requests it started be answered. */
const nextFrame = () => vi.advanceTimersByTimeAsync(50)

const codes = (client: ReturnType<typeof setup>['client']) =>
  client.alerts.$alerts.get().map((alert) => alert.code)

describe('the allowed-origins check', () => {
  it('asks nothing at page load; the first open asks once, and an unlisted origin is alerted', async () => {
    const { client, asked, printed } = setup({ allowedOrigins: ['https://other.example'] })
    await nextFrame()
    expect(asked).toEqual([])

    client.modal.open()
    await nextFrame()
    expect(asked).toEqual(['/projects/v1/origins'])
    expect(client.alerts.$alerts.get()).toEqual([
      {
        id: expect.any(Number),
        code: 'INVALID_APP_CONFIGURATION',
        message: 'Invalid app configuration',
        hint: 'This origin is not in the allowed origins list of your project.',
        details: { origin: 'https://app.example', allowedOrigins: ['https://other.example'] },
      },
    ])
    // The developer reads it in the console, word for word.
    expect(printed.error).toHaveBeenCalledWith(
      '[portico] Invalid app configuration. This origin is not in the allowed origins list of your project.',
      { origin: 'https://app.example', allowedOrigins: ['https://other.example'] },
    )

    // Closing and opening again does not ask a second time, nor alert twice.
    client.modal.close()
    client.modal.open()
    await nextFrame()
    expect(asked).toEqual(['/projects/v1/origins'])
    expect(codes(client)).toEqual(['INVALID_APP_CONFIGURATION'])
  })

  it.each([
    ['listed as it is', ['https://app.example']],
    ['matched by a wildcard', ['http://localhost:*', 'https://*.example']],
  ])('raises nothing for an origin %s', async (_, allowedOrigins) => {
    const { client, asked } = setup({ allowedOrigins })
    client.modal.open()
    await nextFrame()
    expect(asked).toEqual(['/projects/v1/origins'])
    expect(client.alerts.$alerts.get()).toEqual([])
  })

  it('a service that cannot answer raises nothing: the user is not blocked, the developer is warned', async () => {
    const { client, asked, printed } = setup(503)
    client.modal.open()
    await nextFrame()
    expect(asked).toEqual(['/projects/v1/origins'])
    expect(client.alerts.$alerts.get()).toEqual([])
    expect(client.modal.$open.get()).toBe(true)
    expect(printed.warn).toHaveBeenCalledWith(
      '[portico] could not check the allowed origins',
      expect.anything(),
    )
    // The check was made: a failed answer is not asked again on the next open.
    client.modal.close()
    client.modal.open()
    await nextFrame()
    expect(asked).toEqual(['/projects/v1/origins'])
  })

  it('starts after the first frame of the open modal, not during the click', async () => {
    const { client, asked } = setup({ allowedOrigins: ['https://other.example'] })
    client.modal.open()
    await Promise.resolve()
    expect(asked).toEqual([])
    await nextFrame()
    expect(asked).toEqual(['/projects/v1/origins'])
  })

  it('is not made when the client is destroyed before the frame is painted', async () => {
    const { client, asked } = setup({ allowedOrigins: ['https://other.example'] })
    client.modal.open()
    client.modal.close()
    client.destroy()
    await nextFrame()
    expect(asked).toEqual([])
  })

  it('leaves nothing to stop in a client never opened: it is destroyed without a word', () => {
    const { client, printed } = setup({ allowedOrigins: ['https://other.example'] })
    client.destroy()
    expect(printed.error).not.toHaveBeenCalled()
  })

  it('is not made without a project id: there is no project to ask about', async () => {
    const { client, asked } = setup(
      { allowedOrigins: ['https://other.example'] },
      { projectId: undefined },
    )
    client.modal.open()
    await nextFrame()
    expect(asked).toEqual([])
    expect(codes(client)).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
  })
})

describe('the project id alert', () => {
  it('is raised at once, with the catalogue message and hint, and printed for the developer', () => {
    const { client, printed } = setup({ allowedOrigins: [] }, { projectId: undefined })
    expect(client.alerts.$alerts.get()).toEqual([
      {
        id: expect.any(Number),
        code: 'PROJECT_ID_NOT_CONFIGURED',
        message: 'Project id not configured',
        hint: 'Pass a projectId to createPortico.',
        details: undefined,
      },
    ])
    expect(printed.error).toHaveBeenCalledWith(
      '[portico] Project id not configured. Pass a projectId to createPortico.',
    )
  })

  it('is not raised for a real project id', () => {
    const { client, printed } = setup({ allowedOrigins: [] })
    expect(client.alerts.$alerts.get()).toEqual([])
    expect(printed.error).not.toHaveBeenCalled()
  })
})

describe('dismissing an alert', () => {
  it('removes that alert only; each alert has its own id', async () => {
    const { client } = setup({ allowedOrigins: ['https://other.example'] }, { projectId: '' })
    // An empty project id: the origin check is not made, so raise a second alert another way.
    await client.connection
      .switchNetwork({ ...TEST_NETWORKS[0], id: 'eip155:999' })
      .catch(() => undefined)
    const [first, second] = client.alerts.$alerts.get()
    expect([first?.code, second?.code]).toEqual([
      'PROJECT_ID_NOT_CONFIGURED',
      'SWITCH_NETWORK_NOT_FOUND',
    ])
    expect(first?.id).not.toBe(second?.id)

    client.alerts.dismiss(second?.id ?? -1)
    expect(codes(client)).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
    client.alerts.dismiss(first?.id ?? -1)
    expect(client.alerts.$alerts.get()).toEqual([])
  })

  it('an unknown id changes nothing', () => {
    const { client } = setup({ allowedOrigins: [] }, { projectId: undefined })
    client.alerts.dismiss(12_345)
    expect(codes(client)).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
  })

  it('a dismissed alert comes back when its problem happens again', async () => {
    const { client } = setup({ allowedOrigins: [] })
    const elsewhere = { ...TEST_NETWORKS[0], id: 'eip155:999' as const }
    await client.connection.switchNetwork(elsewhere).catch(() => undefined)
    await client.connection.switchNetwork(elsewhere).catch(() => undefined)
    // Raised once while it is up, however often the problem happens.
    expect(codes(client)).toEqual(['SWITCH_NETWORK_NOT_FOUND'])
    const [shown] = client.alerts.$alerts.get()
    client.alerts.dismiss(shown?.id ?? -1)
    await client.connection.switchNetwork(elsewhere).catch(() => undefined)
    expect(client.alerts.$alerts.get()).toMatchObject([{ code: 'SWITCH_NETWORK_NOT_FOUND' }])
    expect(client.alerts.$alerts.get()[0]?.id).not.toBe(shown?.id)
  })
})
