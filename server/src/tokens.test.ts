import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryStore } from './store.js'
import { createSessionTokens, type SiwxSession, secretBytes, TokenError } from './tokens.js'

const session = (signedInAt: number, expiresAt: number): SiwxSession => ({
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:31337',
  caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  accountType: 'eoa',
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  origin: 'http://127.0.0.1:5173',
  via: 'message',
  signedInAt: new Date(signedInAt).toISOString(),
  expiresAt: new Date(expiresAt).toISOString(),
})

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TokenError)
  return (error as TokenError).reason
}

describe('session tokens', () => {
  it('carry the session until it expires, by the server clock', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z')
    const tokens = createSessionTokens({
      store: createMemoryStore({ now: () => now }),
      now: () => now,
    })
    const signedIn = session(now, now + 3_600_000)
    const token = await tokens.issue(signedIn)
    expect(token.split('.')).toHaveLength(3)
    expect(JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    })
    expect((await tokens.verify(token)).session).toEqual(signedIn)
    now += 3_599_000
    expect((await tokens.verify(token)).session).toEqual(signedIn)
    now += 1_000
    expect(await refusal(tokens.verify(token))).toBe('token expired')
  })

  it('are refused once signed out, and revoking twice is refused too', async () => {
    const tokens = createSessionTokens({ store: createMemoryStore() })
    const token = await tokens.issue(session(Date.now(), Date.now() + 60_000))
    const other = await tokens.issue(session(Date.now(), Date.now() + 60_000))
    expect((await tokens.revoke(token)).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(await refusal(tokens.verify(token))).toBe('signed out')
    expect(await refusal(tokens.revoke(token))).toBe('signed out')
    expect((await tokens.verify(other)).session.chainId).toBe('eip155:31337')
  })

  it('are bound to the secret and issuer of the server that issued them', async () => {
    const store = createMemoryStore()
    const secret = 'a shared secret of at least 32 bytes!'
    const issued = await createSessionTokens({ store, secret }).issue(
      session(Date.now(), Date.now() + 60_000),
    )
    // Another instance with the same secret and store: the same session, revoked for both.
    const other = createSessionTokens({ store, secret })
    expect((await other.verify(issued)).session.chainId).toBe('eip155:31337')
    expect(await refusal(createSessionTokens({ store }).verify(issued))).toBe('invalid token')
    expect(
      await refusal(createSessionTokens({ store, secret, issuer: 'another' }).verify(issued)),
    ).toBe('invalid token')
    await other.revoke(issued)
    expect(await refusal(createSessionTokens({ store, secret }).verify(issued))).toBe('signed out')
    expect(() => secretBytes('too short')).toThrow('secret must be at least 32 bytes')
  })

  it('refuse any other text or any change to a token as "invalid token"', async () => {
    const tokens = createSessionTokens({ store: createMemoryStore() })
    const token = await tokens.issue(session(Date.now(), Date.now() + 60_000))
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc
            .tuple(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'ABCabc012-_.'))
            .map(([at, c]) => `${token.slice(0, at)}${c}${token.slice(at + 1)}`),
        ),
        async (text) => {
          // A change in the unused low bits of a segment's last character decodes to the same
          // bytes: the same token.
          const bytes = (t: string) =>
            t.split('.').map((part) => Buffer.from(part, 'base64url').toString('hex'))
          if (text.split('.').length === 3 && bytes(text).join('.') === bytes(token).join('.'))
            return
          expect(await refusal(tokens.verify(text))).toBe('invalid token')
        },
      ),
      { numRuns: 1000 },
    )
  })
})
