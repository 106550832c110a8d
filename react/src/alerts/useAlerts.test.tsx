import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAlerts } from '../alerts/useAlerts.js'
import { createTestClient, wrapperFor } from '../test/setup.js'

describe('useAlerts', () => {
  it('lists configuration alerts and dismisses them', () => {
    const client = createTestClient({ projectId: '', logLevel: 'silent' })
    const { result } = renderHook(() => useAlerts(), { wrapper: wrapperFor(client) })
    expect(result.current.alerts.map((a) => a.code)).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
    act(() => result.current.dismiss(result.current.alerts[0]!.id))
    expect(result.current.alerts).toEqual([])
  })
})
