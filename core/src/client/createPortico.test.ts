import { afterEach, describe, expect, it, vi } from 'vitest'
import { authReloadEvent, farcasterFeature } from '../farcaster/index.js'
import { requestsFeature } from '../requests/index.js'
import { type SiwxConfig, siwxFeature } from '../siwx/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { createFakeWallet } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { createInspectablePortico } from '../test-utils/portico.js'
import { createPortico } from './createPortico.js'

const options = {
  projectId: 'test',
  networks: testNetworks,
  storage: 'memory' as const,
  logLevel: 'silent' as const,
  fetch: unreachableFetch,
}

afterEach(() => {
  vi.useRealTimers()
})

/** A client whose wallet connected (an external connector, so no discovery is needed). */
async function connectedClient(extra: Partial<Parameters<typeof createPortico>[0]> = {}) {
  const wallet = createFakeWallet()
  const inspected = createInspectablePortico({
    ...options,
    connectors: [{ id: 'fake', name: 'Fake', provider: wallet.provider }],
    ...extra,
  })
  await inspected.client.connection.connect({ connectorId: 'fake' })
  return inspected
}

describe('createPortico', () => {
  it('builds independent clients', () => {
    const a = createPortico(options)
    const b = createPortico(options)
    a.modal.open({ view: 'Account' })
    a.toast.showSuccess({ text: 'hi' })
    a.theme.setThemeMode('light')
    expect(b.modal.$open.get()).toBe(false)
    expect(b.toast.$toast.get().open).toBe(false)
    expect(b.theme.$themeMode.get()).toBe('dark')
  })

  it('raises the project id alert without throwing', () => {
    const client = createPortico({ ...options, projectId: undefined })
    expect(client.alerts.$alerts.get().map((alert) => alert.code)).toEqual([
      'PROJECT_ID_NOT_CONFIGURED',
    ])
  })

  it('opens on Account once an account is connected', async () => {
    const { client } = await connectedClient()
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Account')
  })

  it('will not close while sign-in is required and no session exists', async () => {
    const never = () => new Promise<never>(() => undefined)
    const siwx: SiwxConfig = {
      getRequired: () => true,
      createMessage: never,
      addSession: never,
      revokeSession: never,
      setSessions: never,
      getSessions: never,
    }
    const { client, use } = await connectedClient({ siwx })
    client.modal.open({ view: 'SIWXSignMessage' })
    expect(client.modal.close()).toBe(false)
    use(siwxFeature).setSession({
      data: {
        accountAddress: '0x1',
        chainId: 'eip155:31337',
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        nonce: '12345678',
        issuedAt: '2026-01-01T00:00:00.000Z',
      },
      message: 'm',
      signature: '0x',
    })
    expect(client.modal.close()).toBe(true)
  })

  it('closing the modal rejects waiting unsafe wallet requests', async () => {
    const { client, use } = createInspectablePortico(options)
    const request = new Promise((_, reject) => use(requestsFeature).track('personal_sign', reject))
    client.modal.open()
    client.modal.close()
    await expect(request).rejects.toThrow('Request was aborted')
    expect(client.requests.$pending.get()).toEqual([])
  })

  it('leaving ConnectingFarcaster without an address clears the URL and reloads auth after 100 ms', () => {
    vi.useFakeTimers()
    const { client, use, events } = createInspectablePortico(options)
    const reload = vi.fn()
    // The auth connector (the secure frame) listens for this event.
    events.on(authReloadEvent, reload)
    use(farcasterFeature).setUrl('https://farcaster.xyz/~/siwf?x=1')
    client.modal.open({ view: 'ConnectingFarcaster' })
    client.modal.back()
    expect(client.farcaster.$url.get()).toBeUndefined()
    expect(client.account.$account.get().farcasterUrl).toBeUndefined()
    vi.advanceTimersByTime(99)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledOnce()
  })

  it('destroyed before the 100 ms reload: the auth frame is not asked to reload', () => {
    vi.useFakeTimers()
    const { client, use, events } = createInspectablePortico(options)
    use(farcasterFeature).setUrl('https://farcaster.xyz/~/siwf?x=1')
    client.modal.open({ view: 'ConnectingFarcaster' })
    client.modal.back()
    client.destroy()
    // Whoever still listens on the bus (destroy drops the features' listeners) hears nothing.
    const reload = vi.fn()
    events.on(authReloadEvent, reload)
    vi.advanceTimersByTime(100)
    expect(reload).not.toHaveBeenCalled()
  })

  it('leaving ConnectingFarcaster with an address keeps everything', async () => {
    const { client, use, events } = await connectedClient()
    vi.useFakeTimers()
    const reload = vi.fn()
    events.on(authReloadEvent, reload)
    use(farcasterFeature).setUrl('https://x')
    client.modal.open({ view: 'ConnectingFarcaster' })
    client.modal.replace('Account')
    vi.runAllTimers()
    expect(client.farcaster.$url.get()).toBe('https://x')
    expect(reload).not.toHaveBeenCalled()
  })
})
