import { describe, expect, it } from 'vitest'
import { SIWX_SESSIONS_KEY } from './browserImpl.js'
import { SIWX_STORAGE_KEYS } from './constants.js'
import { SIWX_TOKENS_KEY } from './serverImpl.js'

describe("sign-in's storage keys", () => {
  it('are the keys its configurations write: the sessions kept in the browser and the server tokens', () => {
    expect(SIWX_STORAGE_KEYS).toEqual([SIWX_SESSIONS_KEY, SIWX_TOKENS_KEY])
  })
})
