// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPortico, type PorticoClient } from '../client/index.js'
import { loadFeatureCode } from '../kernel/index.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { connectorsFeature } from './feature.js'

// The wallet list's code is here (it comes with the first list or prefetch): these tests look at
// when the page's wallets are asked for, not at when that code arrives (recentWalletsLoading).
beforeAll(() => loadFeatureCode(connectorsFeature))

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A page with a wallet extension already installed, and a client that never reached a server. */
function setup(): PorticoClient {
  const extension = createFakeWallet()
  cleanups.push(extension.announce(window, { name: 'Extension', rdns: 'com.extension' }))
  const client = createPortico({
    projectId: '',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
  })
  cleanups.push(() => client.destroy())
  return client
}

const announced = (client: PorticoClient) =>
  client.connectors.$connectors
    .get()
    .filter((connector) => connector.type === 'ANNOUNCED')
    .map((connector) => connector.id)

describe('wallet discovery (EIP-6963) starts with the intent to connect', () => {
  it('not at page load', () => {
    const client = setup()
    expect(announced(client)).toEqual([])
  })

  it("when the Connect view is prefetched (idle, or the pointer over the button): the wallets are listed before the click, so the click's task does not wait for them", () => {
    const client = setup()
    client.modal.prefetch('Account')
    client.modal.prefetch('Networks')
    expect(announced(client)).toEqual([])
    // Disconnected, the modal starts on Connect: the default view is that one.
    client.modal.prefetch()
    expect(announced(client)).toEqual(['com.extension'])
    expect(client.modal.$open.get()).toBe(false)
  })

  it('when the modal opens without a prefetch', () => {
    const client = setup()
    client.modal.open()
    expect(announced(client)).toEqual(['com.extension'])
  })

  it('once: prefetching again and opening ask the wallets no second time', () => {
    const client = setup()
    let requests = 0
    const count = () => requests++
    window.addEventListener('eip6963:requestProvider', count)
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', count))
    client.modal.prefetch('Connect')
    client.modal.prefetch('Connect')
    client.modal.open()
    expect(requests).toBe(1)
    expect(announced(client)).toEqual(['com.extension'])
  })

  it('a destroyed client starts nothing on a late prefetch', () => {
    const client = setup()
    client.destroy()
    client.modal.prefetch('Connect')
    expect(announced(client)).toEqual([])
  })
})
