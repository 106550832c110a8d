import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { useSecureFrame } from './useSecureFrame.js'

describe('useSecureFrame', () => {
  it('shows the idle frame and keeps its action stable', () => {
    const client = createTestClient()
    const { result, rerender } = renderHook(() => useSecureFrame(), {
      wrapper: wrapperFor(client),
    })
    expect(result.current.frame).toEqual({ status: 'idle', approval: undefined })
    const { showFrame } = result.current
    act(() => showFrame(undefined))
    rerender()
    expect(result.current.showFrame).toBe(showFrame)
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })
})
