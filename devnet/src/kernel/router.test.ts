import { describe, expect, it } from 'vitest'
import { json } from './reply.js'
import { createRouter } from './router.js'

describe('router', () => {
  const router = createRouter([
    { method: 'GET', path: '/v1/account/:address/balance', handle: () => json({}) },
    { method: 'POST', path: '/e', handle: () => json({}) },
  ])

  it('captures decoded params', () => {
    const match = router.match('GET', '/v1/account/0xAb%43/balance')
    expect(match).toMatchObject({ kind: 'found', params: { address: '0xAbC' } })
  })

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('GET', '/e')).toEqual({ kind: 'wrong-method', allowed: ['POST'] })
    expect(router.match('GET', '/v1/account/0x1')).toEqual({ kind: 'none' })
    expect(router.match('GET', '/v1/account/%E0%A4%A/balance')).toEqual({ kind: 'none' })
  })
})
