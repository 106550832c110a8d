// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://app.example/" }
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FEATURES } from '../client/features.js'
import type { PorticoOptions } from '../client/index.js'
import { buildClient } from '../kernel/createClient.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { telemetryFeature } from './feature.js'

// `report` is what the SDK's other parts (its React and UI packages) call to report an error the
// core's stores do not show; these tests hold it to the same rules as the errors the core sees.
const TOOLKIT = 'https://toolkit.test'
const PULSE = 'https://pulse.test'

let clock = 1_700_000_000_000
const cleanups: (() => void)[] = []
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
  const requests: URL[] = []
  const posted: { props: { code: string } }[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    requests.push(url)
    if (url.origin === TOOLKIT && url.pathname === '/getAnalyticsConfig') {
      return Response.json({ isAnalyticsEnabled: true })
    }
    if (url.origin === PULSE && url.pathname === '/e') {
      posted.push(JSON.parse(String(init?.body)))
      return Response.json({ ok: true }, { status: 202 })
    }
    return Response.json({ error: 'not here' }, { status: 404 })
  }
  const built = buildClient(FEATURES, {
    projectId: 'test-project',
    networks: TEST_NETWORKS,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { toolkit: TOOLKIT, pulse: PULSE },
    fetch,
    now: () => clock,
    ...options,
  })
  cleanups.push(() => built.client.destroy())
  return { telemetry: built.use(telemetryFeature), requests, posted }
}

const click = () => window.dispatchEvent(new Event('pointerdown'))
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('an error reported by another part of the SDK', () => {
  it('is sent like any other', async () => {
    const { telemetry, posted } = setup()
    click()
    telemetry.report({ event: 'ERROR_SHOWN', code: 'swap.quoteFailed' })
    await settle()
    expect(posted).toMatchObject([{ props: { event: 'ERROR_SHOWN', code: 'swap.quoteFailed' } }])
  })

  it('is dropped without a word with analytics off', async () => {
    const { telemetry, requests } = setup({ features: { analytics: false } })
    click()
    expect(() => telemetry.report({ event: 'ERROR_SHOWN', code: 'swap.quoteFailed' })).not.toThrow()
    await settle()
    expect(requests.filter((url) => url.origin === TOOLKIT || url.origin === PULSE)).toEqual([])
  })
})
