import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/index.js'
import { errorMessage } from './types.js'

describe('errorMessage', () => {
  it('renders a refused input with the precise message it carries', () => {
    const error = new PorticoError('INVALID_INPUT', 'bad amount', {
      details: { message: { key: 'send.tooManyDecimals', params: { decimals: 6 } } },
    })
    expect(errorMessage(error)).toEqual({ key: 'send.tooManyDecimals', params: { decimals: 6 } })
  })

  it('renders any other error as error.<CODE> with its plain details', () => {
    const error = new PorticoError('WALLET_TIMEOUT', 'slow', {
      details: { seconds: 120, request: 'connect', nested: { no: 1 } },
    })
    expect(errorMessage(error)).toEqual({
      key: 'error.WALLET_TIMEOUT',
      params: { seconds: 120, request: 'connect' },
    })
  })

  it('always gives a key and only string or number parameters, whatever the details hold', () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), fc.anything()), (code, details) => {
        const message = errorMessage({ code, details })
        expect(typeof message.key).toBe('string')
        for (const value of Object.values(message.params ?? {})) {
          expect(['string', 'number']).toContain(typeof value)
        }
      }),
      { numRuns: 1_000 },
    )
  })
})
