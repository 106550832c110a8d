import { describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { testNetworks } from '../test-utils/networks.js'

// Counts the fetches of the listing's code (the module is loaded once per page, so the tests run
// in order: the ones that must not load it first).
const code = vi.hoisted(() => ({ loads: 0 }))
vi.mock('./lazy.js', async (importOriginal) => {
  code.loads++
  return importOriginal()
})

function setup(projectId = 'p') {
  const asked: string[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    asked.push(new URL(String(input)).pathname)
    return Response.json({ count: 1, data: [{ id: 'w1', name: 'Wallet One' }] })
  }
  const client = createPortico({
    projectId,
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch,
  })
  return { client, asked }
}

const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe("prefetch: the Connect view's listing code comes before the click", () => {
  it('a view that shows no listing fetches nothing', async () => {
    const { client, asked } = setup()
    client.modal.prefetch('Networks')
    client.modal.prefetch('Account')
    await turns(5)
    expect(code.loads).toBe(0)
    expect(asked).toEqual([])
    client.destroy()
  })

  it('without a project id there is no listing, so no code either', async () => {
    const { client, asked } = setup('')
    client.modal.prefetch()
    await turns(5)
    expect(code.loads).toBe(0)
    expect(asked).toEqual([])
    client.destroy()
  })

  it('the Connect view (the default first view) fetches the code once and asks no service', async () => {
    const { client, asked } = setup()
    client.modal.prefetch()
    client.modal.prefetch('Connect')
    client.modal.prefetch('AllWallets')
    await vi.waitFor(() => expect(code.loads).toBe(1))
    await turns(5)
    expect(code.loads).toBe(1)
    expect(asked).toEqual([])
    expect(client.modal.$open.get()).toBe(false)
    // The click then asks the listing at once.
    client.modal.open()
    await vi.waitFor(() => expect(asked).toEqual(['/getWallets']))
    client.destroy()
  })
})

// Each view on a page of its own: the code, once fetched, stays for the page (module state).
describe('the views that show the listing, each on a fresh page', () => {
  for (const view of ['Connect', 'AllWallets'] as const) {
    it(`${view} fetches the listing code`, async () => {
      // A fresh page: its modules load anew, the listing code's fetch counted again.
      vi.resetModules()
      vi.doMock('./lazy.js', async (importOriginal) => {
        code.loads++
        return importOriginal()
      })
      const { createPortico } = await import('../client/index.js')
      const client = createPortico({
        projectId: 'p',
        networks: testNetworks,
        storage: 'memory',
        logLevel: 'silent',
        fetch: () => Promise.reject(new Error('no request expected')),
      })
      const before = code.loads
      client.modal.prefetch(view)
      await vi.waitFor(() => expect(code.loads).toBe(before + 1))
      client.destroy()
    })
  }
})
