// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://app.example/" }
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FEATURES } from '../client/features.js'
import { buildClient } from '../kernel/createClient.js'
import { createMemoryStorage } from '../storage/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { telemetryFeature } from './feature.js'

// Errors reported while the telemetry code is still on its way wait for it, 5 at most. The only
// client of this file: its reports, all in one turn, come before the code (a page's first).

const TOOLKIT = 'https://toolkit.test'
const PULSE = 'https://pulse.test'
let clock = 1_700_000_000_000
const cleanups: (() => void)[] = []
beforeAll(async () => {
  await Promise.all([import('./lazy.js'), import('../api/requests.js')])
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setup() {
  const posted: { props: { code: string } }[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
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
  })
  cleanups.push(() => built.client.destroy())
  return { telemetry: built.use(telemetryFeature), posted }
}

const click = () => window.dispatchEvent(new Event('pointerdown'))
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('errors reported before the telemetry code arrived', () => {
  it('waits for the telemetry code 5 at most: a 6th is dropped, even over a minute later', async () => {
    const { telemetry, posted } = setup()
    click()
    // All in the same turn: the telemetry code has not arrived yet, so they wait for it.
    for (let i = 1; i <= 5; i++) telemetry.report({ event: 'ERROR_SHOWN', code: `test.failed${i}` })
    clock += 61_000
    telemetry.report({ event: 'ERROR_SHOWN', code: 'test.failed6' })
    await vi.dynamicImportSettled()
    for (let i = 0; i < 5; i++) await settle()
    expect(posted.map((event) => event.props.code)).toEqual([
      'test.failed1',
      'test.failed2',
      'test.failed3',
      'test.failed4',
      'test.failed5',
    ])
  })
})
