import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { usePortico, usePorticoOptions } from './usePortico.js'

describe('usePortico', () => {
  it('returns the client of the nearest provider', () => {
    const client = createTestClient()
    const { result } = renderHook(() => usePortico(), { wrapper: wrapperFor(client) })
    expect(result.current).toBe(client)
  })
})

describe('usePorticoOptions', () => {
  it('returns the options the client was made with, defaults filled in', () => {
    const client = createTestClient()
    const { result } = renderHook(() => usePorticoOptions(), { wrapper: wrapperFor(client) })
    expect(result.current).toBe(client.options)
    expect(result.current.features.email).toBe(client.options.features.email)
  })
})
