import { afterEach, describe, expect, it, vi } from 'vitest'
import { FARCASTER_RELOAD_DELAY_MS } from '../constants/index.js'
import type { SiwxConfig } from '../options/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import { testNetworks } from '../test-utils/networks.js'
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

describe('createPortico', () => {
  it('builds independent clients', () => {
    const a = createPortico(options)
    const b = createPortico(options)
    a.modal.open({ view: 'Account' })
    a.toast.showSuccess('hi')
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

  it('opens on Account once an account is connected', () => {
    const client = createPortico(options)
    client.account.update('eip155', { status: 'connected', address: '0x1' })
    client.modal.open()
    expect(client.modal.$view.get().view).toBe('Account')
  })

  it('will not close while sign-in is required and no session exists', () => {
    const siwx = { getRequired: () => true } as unknown as SiwxConfig
    const client = createPortico({ ...options, siwx })
    client.account.update('eip155', { status: 'connected', address: '0x1' })
    client.modal.open({ view: 'SIWXSignMessage' })
    expect(client.modal.close()).toBe(false)
    client.siwx.setSession({
      data: { accountAddress: '0x1', chainId: 'eip155:31337' },
      message: 'm',
      signature: '0x',
    })
    expect(client.modal.close()).toBe(true)
  })

  it('closing the modal rejects waiting unsafe wallet requests', async () => {
    const client = createPortico(options)
    const request = new Promise((_, reject) => client.requests.track('personal_sign', reject))
    client.modal.open()
    client.modal.close()
    await expect(request).rejects.toThrow('Request was aborted')
    expect(client.requests.$pending.get()).toEqual([])
  })

  it('leaving ConnectingFarcaster without an address clears the URL and reloads auth after 100 ms', () => {
    vi.useFakeTimers()
    const client = createPortico(options)
    const reload = vi.fn()
    client.onAuthReload(reload)
    client.account.update('eip155', { farcasterUrl: 'https://farcaster.xyz/~/siwf?x=1' })
    client.modal.open({ view: 'ConnectingFarcaster' })
    client.modal.back()
    expect(client.account.$account.get().farcasterUrl).toBeUndefined()
    vi.advanceTimersByTime(FARCASTER_RELOAD_DELAY_MS - 1)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledOnce()
  })

  it('leaving ConnectingFarcaster with an address keeps everything', () => {
    vi.useFakeTimers()
    const client = createPortico(options)
    const reload = vi.fn()
    client.onAuthReload(reload)
    client.account.update('eip155', { farcasterUrl: 'https://x', address: '0xabc' })
    client.modal.open({ view: 'ConnectingFarcaster' })
    client.modal.replace('Account')
    vi.runAllTimers()
    expect(client.account.$account.get().farcasterUrl).toBe('https://x')
    expect(reload).not.toHaveBeenCalled()
  })
})
