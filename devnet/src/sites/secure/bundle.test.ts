import { describe, expect, it } from 'vitest'
import { secureFrameBundle } from './bundle.js'

describe('the secure frame’s script', () => {
  it('takes the frame protocol from core, and nothing else of core', async () => {
    const bundle = await secureFrameBundle()
    const fromCore = bundle.inputs.filter((path) => path.includes('core/src/'))
    // internal.ts is core's export list: its re-exports leave a few bytes of glue. The protocol
    // is its module and the two it gathers (the messages and their checks).
    expect(fromCore.map((path) => path.replace(/^.*core\/src\//, '')).sort()).toEqual([
      'auth/frameChecks.ts',
      'auth/frameProtocol.ts',
      'auth/protocol.ts',
      'internal.ts',
    ])
    expect(bundle.code).toContain('portico-secure')
  })
})
