import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { useEmailLogin } from './useEmailLogin.js'
import { useEmbeddedWallet } from './useEmbeddedWallet.js'
import { useUpdateEmail } from './useUpdateEmail.js'

function useAll() {
  return { login: useEmailLogin(), wallet: useEmbeddedWallet(), update: useUpdateEmail() }
}

describe('useEmailLogin, useEmbeddedWallet, useUpdateEmail', () => {
  it('start idle on the address step, with no frame loaded', () => {
    const client = createTestClient()
    const { result } = renderHook(() => useAll(), { wrapper: wrapperFor(client) })
    expect(result.current.login).toMatchObject({
      step: 'email',
      status: 'idle',
      isPending: false,
      data: undefined,
      error: undefined,
      email: undefined,
    })
    expect(result.current.wallet).toEqual({
      user: undefined,
      frame: { status: 'idle', approval: undefined },
    })
    expect(result.current.update).toMatchObject({ step: 'email', status: 'idle' })
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })

  it('keeps the actions stable across renders', () => {
    const client = createTestClient()
    const { result, rerender } = renderHook(() => useAll(), { wrapper: wrapperFor(client) })
    const first = result.current
    rerender()
    expect(result.current.login.connectEmail).toBe(first.login.connectEmail)
    expect(result.current.login.verifyOtp).toBe(first.login.verifyOtp)
    expect(result.current.update.updateEmail).toBe(first.update.updateEmail)
    expect(result.current.login).toBe(first.login)
    expect(result.current.wallet).toBe(first.wallet)
  })

  it('offers the frame preload as a stable action that appends nothing by itself', () => {
    const client = createTestClient()
    const { result, rerender } = renderHook(() => useEmailLogin(), { wrapper: wrapperFor(client) })
    const { preload } = result.current
    rerender()
    expect(result.current.preload).toBe(preload)
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })

  it('refuses a malformed address with its message, and appends no frame', async () => {
    const client = createTestClient()
    const { result } = renderHook(() => useAll(), { wrapper: wrapperFor(client) })
    let error: unknown
    await act(async () => {
      error = await result.current.login.connectEmail('not an address').catch((e: unknown) => e)
    })
    expect(error).toMatchObject({
      code: 'INVALID_INPUT',
      details: { message: { key: 'auth.invalidEmail' } },
    })
    expect(result.current.login.step).toBe('email')
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })
})
