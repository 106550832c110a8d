import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { useTheme } from '../theme/useTheme.js'

describe('useTheme', () => {
  it('is dark by default and switches to light with its variables', () => {
    const client = createTestClient()
    const { result } = renderHook(() => useTheme(), { wrapper: wrapperFor(client) })
    expect(result.current.themeMode).toBe('dark')
    expect(result.current.cssVariables['--portico-background']).toBe('#121313')
    act(() => result.current.setThemeMode('light'))
    expect(result.current.themeMode).toBe('light')
    expect(result.current.cssVariables['--portico-background']).toBe('#fff')
  })
})
