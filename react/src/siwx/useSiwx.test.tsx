import { createBrowserSiwx, createServerSiwx } from '@portico/core'
import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, renderHook, waitFor } from '@testing-library/react'
import { mnemonicToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { announcedWallet, RDNS } from '../test/wallet.js'
import { useSiwx } from './useSiwx.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const KEY = mnemonicToAccount('test test test test test test test test test test test junk')
const sign = (params: unknown) =>
  KEY.signMessage({ message: { raw: (params as [`0x${string}`])[0] } })

/** A wallet that really signs, with the key of the first test account. */
function signingWallet() {
  expect(KEY.address).toBe(TEST_ACCOUNTS[0])
  const wallet = createFakeWallet()
  wallet.override('personal_sign', sign)
  stops.push(announcedWallet(wallet).stop)
  return wallet
}

describe('useSiwx', () => {
  it('says when sign-in is off, and its actions say so too', async () => {
    const client = createTestClient()
    const { result } = renderHook(() => useSiwx(), { wrapper: wrapperFor(client) })
    expect(result.current).toMatchObject({
      isEnabled: false,
      isRequired: false,
      session: undefined,
      status: 'idle',
    })
    await act(() => result.current.signIn().catch(() => undefined))
    expect(result.current.error?.message).toBe('SIWX is not enabled')
  })

  it('makes the message to sign when asked, with stable actions', async () => {
    signingWallet()
    const client = createTestClient({ siwx: createBrowserSiwx() })
    const { result, rerender } = renderHook(() => useSiwx(), { wrapper: wrapperFor(client) })
    expect(result.current.message.status).toBe('idle')
    act(() => client.connectors.startDiscovery())
    await act(() => client.connection.connect({ connectorId: RDNS }))
    await act(() => result.current.prepareMessage())
    await waitFor(() => expect(result.current.message.data?.text).toMatch(/wants you to sign in/))
    const { prepareMessage, cancel } = result.current
    rerender()
    expect(result.current.prepareMessage).toBe(prepareMessage)
    expect(result.current.cancel).toBe(cancel)
  })

  it('signs in the connected account, shows the session, signs out', async () => {
    signingWallet()
    const client = createTestClient({ siwx: createBrowserSiwx() })
    const { result } = renderHook(() => useSiwx(), { wrapper: wrapperFor(client) })
    expect(result.current).toMatchObject({ isEnabled: true, isRequired: false })
    act(() => client.connectors.startDiscovery())
    await act(() => client.connection.connect({ connectorId: RDNS }))
    const signIn = result.current.signIn
    await act(() => result.current.signIn())
    expect(result.current.status).toBe('success')
    expect(result.current.session).toMatchObject({
      address: TEST_ACCOUNTS[0],
      chainId: 'eip155:31337',
      caipAddress: `eip155:31337:${TEST_ACCOUNTS[0]}`,
      via: 'message',
    })
    expect(result.current.data?.message).toMatch(/wants you to sign in with your Ethereum account/)
    // Stable actions: a component may pass them down without re-rendering its children.
    expect(result.current.signIn).toBe(signIn)
    await act(() => result.current.signOut())
    expect(result.current.session).toBeUndefined()
  })

  it('reports a declined signature as the error, and a retry may follow', async () => {
    const wallet = signingWallet()
    const client = createTestClient({ siwx: createBrowserSiwx() })
    const { result } = renderHook(() => useSiwx(), { wrapper: wrapperFor(client) })
    act(() => client.connectors.startDiscovery())
    await act(() => client.connection.connect({ connectorId: RDNS }))
    const calls = wallet.calls
    wallet.override('personal_sign', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    await act(() => result.current.signIn().catch(() => undefined))
    expect(result.current).toMatchObject({ status: 'error', isPending: false })
    expect(result.current.error).toMatchObject({
      code: 'USER_REJECTED',
      details: { message: { key: 'siwx.declined' } },
    })
    expect(calls.some((c) => c.method === 'personal_sign')).toBe(true)
    expect(result.current.session).toBeUndefined()

    // The user changes their mind: the retry signs in.
    wallet.override('personal_sign', sign)
    await act(() => result.current.signIn())
    expect(result.current).toMatchObject({ status: 'success', error: undefined })
    expect(result.current.session?.address).toBe(TEST_ACCOUNTS[0])
  })

  it('reads a stored session while used (after a reload) without asking anything', async () => {
    signingWallet()
    const storage = (await import('@portico/core')).createMemoryStorage()
    const first = createTestClient({ siwx: createBrowserSiwx(), storage })
    first.connectors.startDiscovery()
    await first.connection.connect({ connectorId: RDNS })
    await first.siwx.signIn()
    first.destroy()

    const second = createTestClient({ siwx: createBrowserSiwx(), storage })
    const { result } = renderHook(() => useSiwx(), { wrapper: wrapperFor(second) })
    await waitFor(() => expect(result.current.session?.address).toBe(TEST_ACCOUNTS[0]))
    expect(second.modal.$open.get()).toBe(false)
  })

  it('reports whether sign-in is required', () => {
    const client = createTestClient({ siwx: createServerSiwx({ required: true }) })
    const { result } = renderHook(() => useSiwx(), { wrapper: wrapperFor(client) })
    expect(result.current.isRequired).toBe(true)
  })
})
