import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useModal } from '../modal/useModal.js'
import { createTestClient, wrapperFor } from '../test/setup.js'

describe('useModal', () => {
  it('follows the view stack and navigates', () => {
    const client = createTestClient()
    const { result } = renderHook(() => useModal(), { wrapper: wrapperFor(client) })
    expect(result.current.isOpen).toBe(false)
    act(() => result.current.open())
    expect(result.current).toMatchObject({ isOpen: true, view: 'Connect' })
    act(() => result.current.push('AllWallets', { search: 'rain' }))
    expect(result.current.view).toBe('AllWallets')
    expect(result.current.data).toEqual({ search: 'rain' })
    expect(result.current.history.map((entry) => entry.view)).toEqual(['Connect', 'AllWallets'])
    act(() => result.current.back())
    act(() => result.current.back())
    expect(result.current.isOpen).toBe(false)
  })

  it('keeps action identities stable across renders', () => {
    const client = createTestClient()
    const { result, rerender } = renderHook(() => useModal(), { wrapper: wrapperFor(client) })
    const { open } = result.current
    act(() => result.current.open())
    rerender()
    expect(result.current.open).toBe(open)
  })

  it('runs transaction steps and leaves a view as a finished choice does', () => {
    const client = createTestClient()
    const { result } = renderHook(() => useModal(), { wrapper: wrapperFor(client) })
    act(() => result.current.open({ view: 'Account' }))
    act(() => result.current.push('WalletSend'))
    act(() => result.current.push('WalletSendPreview'))
    act(() => result.current.pushTransactionStep({ view: 'Account' }))
    expect(result.current.transactionSteps).toHaveLength(1)
    act(() => result.current.popTransactionStep('success'))
    expect(result.current.transactionSteps).toEqual([])
    expect(result.current.view).toBe('Account')
    act(() => result.current.push('Networks'))
    act(() => result.current.backFrom('Networks'))
    expect(result.current.view).toBe('Account')
  })

  it('explains what is missing outside the provider', () => {
    expect(() => renderHook(() => useModal())).toThrow(/inside <PorticoProvider/)
  })
})
