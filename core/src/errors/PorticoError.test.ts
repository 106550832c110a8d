import { describe, expect, it } from 'vitest'
import { PorticoError } from './PorticoError.js'

describe('PorticoError', () => {
  it('is an Error named PorticoError, with the catalogue text for a catalogue code', () => {
    const error = new PorticoError('SIWX_NOT_ENABLED')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('PorticoError')
    expect(error.code).toBe('SIWX_NOT_ENABLED')
    expect(error.message).toBe('SIWX is not enabled')
    expect(String(error)).toBe('PorticoError: SIWX is not enabled')
    expect(error.details).toBeUndefined()
    expect('cause' in error).toBe(false)
  })

  it('carries its own message, cause and details for the SDK’s codes', () => {
    const cause = new TypeError('fetch failed')
    const error = new PorticoError('API_ERROR', 'GET /x answered 503', {
      cause,
      details: { status: 503 },
    })
    expect(error.message).toBe('GET /x answered 503')
    expect(error.cause).toBe(cause)
    expect(error.details).toEqual({ status: 503 })
    const catalogued = new PorticoError('SIWX_NOT_ENABLED', { details: { from: 'test' } })
    expect(catalogued.message).toBe('SIWX is not enabled')
    expect(catalogued.details).toEqual({ from: 'test' })
  })
})
