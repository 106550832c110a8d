import fc from 'fast-check'
import { parseSiweMessage } from 'viem/siwe'
import { beforeAll, describe, expect, it } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import {
  ACCOUNT_KINDS,
  buildMessageData,
  checkMessageData,
  createSignInMessage,
  DEFAULT_SESSION_DURATION_MS,
  formatCaip122,
  randomNonce,
} from './message.js'
import type { SiwxMessageData } from './types.js'

// Loaded on first use by the code under test: loaded once here, outside any test's clock.
beforeAll(async () => {
  await Promise.all([import('viem/siwe'), import('viem')])
}, 60_000)

const RUNS = { numRuns: 1_000 }

const base: SiwxMessageData = {
  accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  chainId: 'eip155:31337',
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  version: '1',
  nonce: '0123456789abcdef0123456789abcdef',
  issuedAt: '2026-01-01T00:00:00.000Z',
}

describe('EIP-4361 messages (eip155)', () => {
  it('writes the standard lines, the address in its EIP-55 form', async () => {
    const message = await createSignInMessage({
      ...base,
      statement: 'Sign in to Portico',
      expirationTime: '2026-01-02T00:00:00.000Z',
      resources: ['https://app.example/terms'],
    })
    expect(message.toString()).toBe(
      [
        '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in to Portico',
        '',
        'URI: http://127.0.0.1:5173/',
        'Version: 1',
        'Chain ID: 31337',
        'Nonce: 0123456789abcdef0123456789abcdef',
        'Issued At: 2026-01-01T00:00:00.000Z',
        'Expiration Time: 2026-01-02T00:00:00.000Z',
        'Resources:',
        '- https://app.example/terms',
      ].join('\n'),
    )
    expect(message.data.accountAddress).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it('reads back through viem with the same fields, whatever the fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.stringMatching(/^[a-zA-Z0-9]{8,40}$/),
        fc.option(fc.stringMatching(/^[a-zA-Z0-9 ,.!?'-]{1,80}$/), { nil: undefined }),
        fc.domain(),
        async (chain, nonce, statement, domain) => {
          const message = await createSignInMessage({
            ...base,
            chainId: `eip155:${chain}`,
            nonce,
            domain,
            uri: `https://${domain}/`,
            ...(statement?.trim() ? { statement: statement.trim() } : {}),
          })
          const parsed = parseSiweMessage(message.toString())
          expect(parsed).toMatchObject({ chainId: chain, nonce, domain, uri: `https://${domain}/` })
          expect(parsed.statement).toBe(statement?.trim() || undefined)
        },
      ),
      RUNS,
    )
  })
})

describe('CAIP-122 messages (other namespaces)', () => {
  it('writes the account kind of the namespace and the CAIP-2 reference', () => {
    const text = formatCaip122({
      ...base,
      accountAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      chainId: 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
    })
    expect(text).toBe(
      [
        '127.0.0.1:5173 wants you to sign in with your Solana account:',
        '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
        '',
        '',
        'URI: http://127.0.0.1:5173/',
        'Version: 1',
        'Chain ID: 8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
        'Nonce: 0123456789abcdef0123456789abcdef',
        'Issued At: 2026-01-01T00:00:00.000Z',
      ].join('\n'),
    )
    expect(ACCOUNT_KINDS).toEqual({
      eip155: 'Ethereum',
      solana: 'Solana',
      bip122: 'Bitcoin',
      polkadot: 'Polkadot',
      cosmos: 'Cosmos',
    })
  })

  it('writes the optional fields in their order', async () => {
    const message = await createSignInMessage({
      ...base,
      accountAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
      chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      statement: 'Hello',
      expirationTime: '2026-01-02T00:00:00.000Z',
      notBefore: '2026-01-01T00:00:00.000Z',
      requestId: 'r-1',
      resources: ['https://a.example/1', 'ipfs://bafy'],
    })
    expect(message.toString().split('\n').slice(3)).toEqual([
      'Hello',
      '',
      'URI: http://127.0.0.1:5173/',
      'Version: 1',
      'Chain ID: 0f9188f13cb7b2c71f2a335e3a4fc328',
      'Nonce: 0123456789abcdef0123456789abcdef',
      'Issued At: 2026-01-01T00:00:00.000Z',
      'Expiration Time: 2026-01-02T00:00:00.000Z',
      'Not Before: 2026-01-01T00:00:00.000Z',
      'Request ID: r-1',
      'Resources:',
      '- https://a.example/1',
      '- ipfs://bafy',
    ])
  })
})

/** A valid value, the same with a line (and a forged field) slipped in, or anything at all. */
const field = (ok: string) =>
  fc.oneof(
    fc.constant(ok),
    fc
      .tuple(fc.constantFrom('\n', '\r\n', '\u2028'), fc.string())
      .map(([br, rest]) => `${ok}${br}Nonce: ${rest}`),
    fc.string(),
  )

describe('checkMessageData', () => {
  const refuses = (patch: Partial<SiwxMessageData>, field: string) => {
    try {
      checkMessageData({ ...base, ...patch })
    } catch (error) {
      expect(isPorticoError(error, 'INVALID_INPUT')).toBe(true)
      expect((error as { details: { field: string } }).details.field).toBe(field)
      return
    }
    throw new Error(`accepted ${JSON.stringify(patch)}`)
  }

  it('refuses each malformed field by name', () => {
    refuses({ chainId: 'eip155' as never }, 'chain id')
    refuses({ chainId: 'eip155:0' }, 'chain id')
    refuses({ chainId: 'eip155:01' }, 'chain id')
    refuses({ chainId: 'unknown:1' }, 'chain id')
    refuses({ chainId: 'eip155:1:2' as never }, 'chain id')
    refuses({ chainId: 'solana:a b' }, 'chain id')
    refuses({ accountAddress: '' }, 'address')
    refuses({ accountAddress: 'has space' }, 'address')
    refuses({ domain: 'https://app.example' }, 'domain')
    refuses({ domain: 'app example' }, 'domain')
    refuses({ uri: 'no-scheme' }, 'URI')
    refuses({ uri: 'https://a.example/ b' }, 'URI')
    refuses({ version: '2' as never }, 'version')
    refuses({ nonce: '1234567' }, 'nonce')
    refuses({ nonce: '12345678-' }, 'nonce')
    refuses({ issuedAt: 'yesterday' }, 'date')
    refuses({ expirationTime: 'soon' }, 'date')
    refuses({ notBefore: 'later' }, 'date')
    refuses({ statement: '' }, 'statement')
    refuses({ statement: 'two\nlines' }, 'statement')
    refuses({ requestId: 'a\rb' }, 'request id')
    refuses({ requestId: '' }, 'request id')
    refuses({ resources: ['https://ok.example', 'not a uri'] }, 'resource')
  })

  it('refuses, as bad input naming the field, what viem alone refuses (a host without a dot)', async () => {
    const error = await createSignInMessage({ ...base, domain: 'A' }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'INVALID_INPUT')).toBe(true)
    expect((error as Error).message).toBe('The sign-in message has an invalid domain')
    // The same domain is fine where CAIP-122 text is written by us.
    const solana = { ...base, domain: 'A', chainId: 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP' }
    expect((await createSignInMessage(solana as SiwxMessageData)).toString()).toMatch(/^A wants/)
  })

  it('accepts the well-formed message as it is', () => {
    expect(checkMessageData(base)).toBe(base)
  })

  it('never lets a line break into the text, whatever the fields hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          statement: fc.option(field('Sign in to the app'), { nil: undefined }),
          requestId: fc.option(field('request-1'), { nil: undefined }),
          domain: field('app.example'),
          uri: field('https://app.example/'),
          nonce: field('abcdefgh1234'),
          accountAddress: fc.constantFrom(
            '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            'bad\naddress',
          ),
          resources: fc.option(fc.array(field('https://r.example/x'), { maxLength: 3 }), {
            nil: undefined,
          }),
        }),
        fc.constantFrom('eip155:1', 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'),
        async (fields, chainId) => {
          const data = { ...base, ...fields, chainId } as SiwxMessageData
          let text: string
          try {
            text = (await createSignInMessage(data)).toString()
          } catch (error) {
            // Refused fields are refused as bad input, nothing else.
            expect(
              isPorticoError(error, 'INVALID_INPUT') || String(error).includes('Address'),
            ).toBe(true)
            return
          }
          // Exactly the lines of the layout: every field sits on its own line.
          const lines = text.split('\n')
          const expected =
            9 +
            (data.statement === undefined ? 0 : 1) +
            (data.requestId === undefined ? 0 : 1) +
            (data.resources?.length ? 1 + data.resources.length : 0)
          expect(lines).toHaveLength(expected)
        },
      ),
      RUNS,
    )
  })
})

describe('buildMessageData', () => {
  it('takes the page, the nonce and now; expires a day later unless told', () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z')
    const data = buildMessageData({
      accountAddress: '0xabc',
      chainId: 'eip155:1',
      nonce: 'n0nce123',
      now,
      domain: 'app.example',
      uri: 'https://app.example/',
      options: {},
    })
    expect(data).toEqual({
      accountAddress: '0xabc',
      chainId: 'eip155:1',
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      nonce: 'n0nce123',
      issuedAt: '2026-03-01T12:00:00.000Z',
      expirationTime: '2026-03-02T12:00:00.000Z',
    })
    expect(DEFAULT_SESSION_DURATION_MS).toBe(86_400_000)
  })

  it("the app's statement, resources, duration, domain and URI win", () => {
    const data = buildMessageData({
      accountAddress: '0xabc',
      chainId: 'eip155:1',
      nonce: 'n0nce123',
      now: 0,
      domain: 'page.example',
      uri: 'https://page.example/',
      options: {
        statement: 'Hi',
        resources: ['https://r.example'],
        expiresInMs: 60_000,
        domain: 'app.example',
        uri: 'https://app.example/x',
      },
    })
    expect(data).toMatchObject({
      statement: 'Hi',
      resources: ['https://r.example'],
      expirationTime: '1970-01-01T00:01:00.000Z',
      domain: 'app.example',
      uri: 'https://app.example/x',
    })
  })

  it('needs a domain and a URI (no page, no app metadata: say so)', () => {
    const input = { accountAddress: '0xabc', chainId: 'eip155:1' as const, nonce: 'n', now: 0 }
    expect(() =>
      buildMessageData({ ...input, domain: undefined, uri: 'https://a/', options: {} }),
    ).toThrow('The sign-in message has an invalid domain')
    expect(() => buildMessageData({ ...input, domain: 'a', uri: undefined, options: {} })).toThrow(
      'The sign-in message has an invalid URI',
    )
  })
})

describe('randomNonce', () => {
  it('is 32 hex digits, different each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, randomNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/)
  })
})
