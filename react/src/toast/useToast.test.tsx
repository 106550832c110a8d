import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { useToast } from '../toast/useToast.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('useToast', () => {
  it('shows the newest message after the 150 ms swap', () => {
    vi.useFakeTimers()
    const client = createTestClient()
    const { result } = renderHook(() => useToast(), { wrapper: wrapperFor(client) })
    act(() => result.current.showLoading({ key: 'authenticating' }))
    expect(result.current).toMatchObject({ open: true, variant: 'loading' })
    act(() => result.current.showError({ key: 'siwx.signatureDeclined' }))
    expect(result.current.open).toBe(false)
    act(() => {
      vi.advanceTimersByTime(150)
    })
    expect(result.current).toMatchObject({
      open: true,
      variant: 'error',
      message: { key: 'siwx.signatureDeclined' },
    })
    act(() => result.current.hide())
    expect(result.current.open).toBe(false)
  })
})
