import { describe, expect, it } from 'vitest'
import { createPortico } from '../client/index.js'
import { testNetworks } from '../test-utils/networks.js'

describe('error telemetry on the server', () => {
  it('is off without a page, and sends nothing', async () => {
    const requests: string[] = []
    const client = createPortico({
      projectId: 'p',
      networks: testNetworks,
      storage: 'memory',
      logLevel: 'silent',
      fetch: async (input) => {
        requests.push(String(input))
        return Response.json({ isAnalyticsEnabled: true })
      },
    })
    client.modal.open()
    await client.connection.switchNetwork({ ...testNetworks[0], id: 'eip155:999' }).catch(() => {})
    await new Promise((resolve) => setImmediate(resolve))
    expect(client.telemetry.$status.get()).toBe('off')
    expect(requests.filter((url) => /getAnalyticsConfig|\/e\?/.test(url))).toEqual([])
    client.destroy()
  })

  it('is off without a project id', () => {
    const client = createPortico({ networks: testNetworks, storage: 'memory', logLevel: 'silent' })
    expect(client.telemetry.$status.get()).toBe('off')
    client.destroy()
  })
})
