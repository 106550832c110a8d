import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BodyError, type Cacao, parseAuthenticateBody, parseCacao, parseDidPkh } from './body.js'

const RUNS = { numRuns: 1000 }

const cacao: Cacao = {
  h: { t: 'caip122' },
  p: {
    iss: 'did:pkh:eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    domain: '127.0.0.1:5173',
    aud: 'http://127.0.0.1:5173/',
    version: '1',
    nonce: '0123456789abcdef',
    iat: '2026-01-02T03:04:05.678Z',
    statement: 'Sign in',
    resources: ['urn:recap:abc'],
  },
  s: { t: 'eip191', s: '0x1234' },
}

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(BodyError)
    return (error as Error).message
  }
  throw new Error('accepted')
}

describe('authenticate body', () => {
  it('takes { message, signature }, { cacao }, or all three; ignores other keys', () => {
    expect(parseAuthenticateBody({ message: 'm', signature: 's', projectId: 'p' })).toEqual({
      message: 'm',
      signature: 's',
    })
    expect(parseAuthenticateBody({ cacao })).toEqual({ cacao })
    expect(parseAuthenticateBody({ cacao, message: 'm', signature: 's' })).toEqual({
      cacao,
      message: 'm',
      signature: 's',
    })
  })

  it('names what is missing or malformed', () => {
    expect(refusal(() => parseAuthenticateBody(undefined))).toBe(
      'expected { message, signature } or { cacao }',
    )
    expect(refusal(() => parseAuthenticateBody([]))).toBe(
      'expected { message, signature } or { cacao }',
    )
    expect(refusal(() => parseAuthenticateBody({ signature: 's' }))).toBe(
      'message must be a non-empty string',
    )
    expect(refusal(() => parseAuthenticateBody({ message: 'm' }))).toBe(
      'signature must be a non-empty string',
    )
    expect(refusal(() => parseAuthenticateBody({ message: 'm', signature: 5 }))).toBe(
      'signature must be a non-empty string',
    )
    expect(
      refusal(() => parseAuthenticateBody({ message: 'x'.repeat(16_385), signature: 's' })),
    ).toBe('message is longer than 16384 characters')
    expect(refusal(() => parseAuthenticateBody({ cacao: { ...cacao, h: { t: 'eip4361' } } }))).toBe(
      'invalid cacao: h.t must be "caip122"',
    )
    expect(
      refusal(() => parseCacao({ ...cacao, p: { ...cacao.p, iss: 'did:pkh:solana:abc:Gw12' } })),
    ).toBe('invalid cacao: one-click sign-in is for eip155 accounts only')
    expect(refusal(() => parseCacao({ ...cacao, p: { ...cacao.p, iss: '0xabc' } }))).toBe(
      'invalid cacao: p.iss is not a did:pkh account',
    )
    const { aud: _aud, ...noAudience } = cacao.p
    expect(refusal(() => parseCacao({ ...cacao, p: noAudience }))).toBe(
      'invalid cacao: p.aud (or p.uri) is missing',
    )
    expect(refusal(() => parseCacao({ ...cacao, p: { ...cacao.p, resources: [1] } }))).toBe(
      'invalid cacao: p.resources must be a list of strings',
    )
    expect(refusal(() => parseCacao({ ...cacao, s: { t: 'ed25519', s: 'x' } }))).toBe(
      'invalid cacao: s.t must be one of eip191, eip1271, eip6492',
    )
    expect(refusal(() => parseCacao({ ...cacao, p: { ...cacao.p, nonce: 7 } }))).toBe(
      'invalid cacao: p.nonce must be a string',
    )
  })

  it('reads the account of a did:pkh issuer', () => {
    expect(parseDidPkh(cacao.p.iss)).toEqual({
      namespace: 'eip155',
      reference: '31337',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
  })

  it('keeps a valid CACAO as it is, whatever optional fields it has', () => {
    const optional = fc.string({ minLength: 1, maxLength: 40 })
    const payload = fc.record(
      {
        iss: fc
          .tuple(fc.integer({ min: 1, max: 99_999 }), fc.stringMatching(/^0x[0-9a-f]{40}$/))
          .map(([chain, address]) => `did:pkh:eip155:${chain}:${address}`),
        domain: optional,
        aud: optional,
        uri: optional,
        version: optional,
        nonce: optional,
        iat: optional,
        nbf: optional,
        exp: optional,
        statement: optional,
        requestId: optional,
        resources: fc.array(fc.string()),
      },
      { requiredKeys: ['iss', 'domain', 'aud', 'version', 'nonce', 'iat'] },
    )
    const signature = fc.record(
      {
        t: fc.constantFrom('eip191', 'eip1271', 'eip6492'),
        s: fc.string({ minLength: 1, maxLength: 200 }),
        m: fc.string(),
      },
      { requiredKeys: ['t', 's'] },
    )
    fc.assert(
      fc.property(payload, signature, (p, s) => {
        const value = { h: { t: 'caip122' }, p, s }
        expect(parseCacao(value)).toEqual(value)
        expect(parseAuthenticateBody(JSON.parse(JSON.stringify({ cacao: value })))).toEqual({
          cacao: value,
        })
      }),
      RUNS,
    )
  })

  it('answers any JSON either with a well-typed body or a BodyError, never anything else', () => {
    const field = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.object())
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record(
        { message: field, signature: field, cacao: fc.oneof(field, fc.constant(cacao)) },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(bodies, (body) => {
        let parsed: ReturnType<typeof parseAuthenticateBody>
        try {
          parsed = parseAuthenticateBody(body)
        } catch (error) {
          expect(error).toBeInstanceOf(BodyError)
          return
        }
        if (parsed.cacao) expect(parsed.cacao.h.t).toBe('caip122')
        else {
          expect(typeof parsed.message).toBe('string')
          expect(typeof parsed.signature).toBe('string')
        }
        for (const value of [parsed.message, parsed.signature]) {
          if (value !== undefined) expect(value.length).toBeGreaterThan(0)
        }
      }),
      RUNS,
    )
  })
})
