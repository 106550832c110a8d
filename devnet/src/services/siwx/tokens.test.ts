import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSessionTokens, type SiwxSession, TokenError } from './tokens.js'

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
    const tokens = createSessionTokens({ now: () => now })
    const signedIn = session(now, now + 3_600_000)
    const token = await tokens.issue(signedIn)
    expect(token.split('.')).toHaveLength(3)
    expect(JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    })
    expect(await tokens.verify(token)).toEqual(signedIn)
    now += 3_599_000
    expect(await tokens.verify(token)).toEqual(signedIn)
    now += 1_000
    expect(await refusal(tokens.verify(token))).toBe('token expired')
  })

  it('are refused once signed out, and revoking twice is refused too', async () => {
    const tokens = createSessionTokens()
    const token = await tokens.issue(session(Date.now(), Date.now() + 60_000))
    const other = await tokens.issue(session(Date.now(), Date.now() + 60_000))
    expect((await tokens.revoke(token)).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(await refusal(tokens.verify(token))).toBe('signed out')
    expect(await refusal(tokens.revoke(token))).toBe('signed out')
    expect((await tokens.verify(other)).chainId).toBe('eip155:31337')
  })

  it('are bound to the key of the devnet that issued them', async () => {
    const issued = await createSessionTokens().issue(session(Date.now(), Date.now() + 60_000))
    expect(await refusal(createSessionTokens().verify(issued))).toBe('invalid token')
  })

  it('refuse any other text or any change to a token as "invalid token"', async () => {
    const tokens = createSessionTokens()
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
