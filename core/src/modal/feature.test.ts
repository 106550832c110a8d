import { describe, expect, it, vi } from 'vitest'
import { testNetworks } from '../test-utils/networks.js'
import { createInspectablePortico } from '../test-utils/portico.js'
import { modalFeature } from './feature.js'

// What sibling features hear from the modal (it closed, a view's code is wanted), and that they
// stop hearing it when they ask to or when the client is destroyed.

function setup() {
  const built = createInspectablePortico({
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
  })
  return { ...built, modal: built.use(modalFeature) }
}

describe("the modal's listeners", () => {
  it('hear a close and a prefetch until they stop listening', () => {
    const { client, modal } = setup()
    const closed = vi.fn()
    const prefetched = vi.fn()
    const stopClose = modal.onClose(closed)
    const stopPrefetch = modal.onPrefetch(prefetched)
    client.modal.open()
    client.modal.close()
    client.modal.prefetch('Networks')
    expect(closed).toHaveBeenCalledWith(false)
    expect(prefetched).toHaveBeenCalledWith('Networks')
    stopClose()
    stopPrefetch()
    client.modal.open()
    client.modal.close()
    client.modal.prefetch('Networks')
    expect([closed.mock.calls.length, prefetched.mock.calls.length]).toEqual([1, 1])
    client.destroy()
  })

  it('hear nothing once the client is destroyed', () => {
    const { client, modal } = setup()
    const closed = vi.fn()
    const prefetched = vi.fn()
    modal.onClose(closed)
    modal.onPrefetch(prefetched)
    client.modal.open()
    client.destroy()
    client.modal.close()
    client.modal.prefetch('Networks')
    expect(closed).not.toHaveBeenCalled()
    expect(prefetched).not.toHaveBeenCalled()
  })
})
