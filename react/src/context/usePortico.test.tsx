import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestClient, wrapperFor } from '../test/setup.js'
import { usePortico } from './usePortico.js'

describe('usePortico', () => {
  it('returns the client of the nearest provider', () => {
    const client = createTestClient()
    const { result } = renderHook(() => usePortico(), { wrapper: wrapperFor(client) })
    expect(result.current).toBe(client)
  })
})
