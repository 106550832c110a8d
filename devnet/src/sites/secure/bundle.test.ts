import { describe, expect, it } from 'vitest'
import { secureFrameBundle } from './bundle.js'

describe('the secure frame’s script', () => {
  it('takes the frame protocol from core, and nothing else of core', async () => {
    const bundle = await secureFrameBundle()
    const fromCore = bundle.inputs.filter((path) => path.includes('core/src/'))
    // The two modules of the protocol: the messages and their checks (core/internal is only an
    // export list of them, which leaves no code in the bundle).
    expect(fromCore.map((path) => path.replace(/^.*core\/src\//, '')).sort()).toEqual([
      'auth/frameChecks.ts',
      'auth/frameProtocol.ts',
    ])
    expect(bundle.code).toContain('portico-secure')
  })
})
