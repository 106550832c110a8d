import { describe, expect, it } from 'vitest'
import { createFaultStore, parseFaultRule, scrambleTypes } from './faults.js'

describe('fault store', () => {
  it('matches whole path segments, the most specific rule first, and counts `times`', () => {
    const faults = createFaultStore()
    faults.set({ route: '*', mode: '403' })
    faults.set({ route: '/v1/account', mode: '503', times: 1 })
    expect(faults.take('/v1/account/0xabc/balance')?.mode).toBe('503')
    expect(faults.take('/v1/account/0xabc/balance')?.mode).toBe('403')
    expect(faults.take('/v1/accounts')?.mode).toBe('403')
    faults.set({ route: '*', mode: 'off' })
    expect(faults.take('/anything')).toBeUndefined()
  })

  it('rejects rules it cannot apply', () => {
    expect(() => parseFaultRule({ route: 'v1', mode: '503' })).toThrow(/route/)
    expect(() => parseFaultRule({ route: '*', mode: '500' })).toThrow(/mode/)
    expect(() => parseFaultRule({ route: '*', mode: '503', times: 0 })).toThrow(/times/)
    expect(parseFaultRule({ route: '*', mode: 'malformed', malformed: 'types' })).toEqual({
      route: '*',
      mode: 'malformed',
      malformed: 'types',
    })
  })

  it('scrambles every value to the wrong type, keeping object keys', () => {
    expect(
      scrambleTypes({ count: 3, data: [{ name: 'x', ok: true, rdns: null }], next: 'a' }),
    ).toEqual({ count: '3', data: { 0: { name: 1, ok: 'true', rdns: 'null' } }, next: 1 })
  })
})
