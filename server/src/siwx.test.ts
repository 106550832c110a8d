import { createHash } from 'node:crypto'
import { generateKeyPair, getAddressFromPublicKey, getBase58Decoder, signBytes } from '@solana/kit'
import { Address as BitcoinAddress, Key, Signer } from 'bip322-js'
import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { SiwxError } from './headers.js'
import { formatSignInMessage, type SignInMessage } from './message.js'
import { createSiwx, type Siwx } from './siwx.js'

// Sign-in checks on Solana and Bitcoin messages: their signatures verify without a chain, so
// every rule runs here for real. eip155 (on the devnet chains, smart accounts included) is
// covered by integration/siwx.int.test.ts and integration/siwxServer.int.test.ts.

const ORIGIN = 'http://127.0.0.1:5173'
// The devnet's own Solana chain and regtest Bitcoin chain (CAIP-2 references).
const SOLANA_DEVNET = '8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'
const BITCOIN_REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328'
const START = Date.parse('2026-03-01T12:00:00Z')

let now = START
let service: Siwx
let solana: { address: string; sign(text: string): Promise<string> }

function createService() {
  return createSiwx({
    chains: [`solana:${SOLANA_DEVNET}`, `bip122:${BITCOIN_REGTEST}`],
    domains: () => ['http://127.0.0.1:*', 'https://app.example'],
    requireOrigin: true,
    now: () => now,
  })
}

beforeAll(async () => {
  const keys = await generateKeyPair()
  solana = {
    address: await getAddressFromPublicKey(keys.publicKey),
    async sign(text) {
      const signature = await signBytes(keys.privateKey, new TextEncoder().encode(text))
      return getBase58Decoder().decode(signature)
    },
  }
})

function message(nonce: string, fields: Partial<SignInMessage> = {}): SignInMessage {
  return {
    domain: '127.0.0.1:5173',
    namespace: 'solana',
    address: solana.address,
    statement: 'Sign in to the devnet',
    uri: `${ORIGIN}/`,
    version: '1',
    chainId: SOLANA_DEVNET,
    nonce,
    issuedAt: new Date(now),
    ...fields,
  }
}

/** Signs a fresh message in from `origin` (null: a request without an Origin header). */
async function signIn(fields: Partial<SignInMessage> = {}, origin: string | null = ORIGIN) {
  const text = formatSignInMessage(message((await service.nonce()).nonce, fields))
  return service.authenticate({
    origin: origin ?? undefined,
    body: { message: text, signature: await solana.sign(text) },
  })
}

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SiwxError)
  return [(error as SiwxError).status, (error as SiwxError).message]
}

describe('sign-in service', () => {
  beforeAll(() => {
    now = START
    service = createService()
  })

  it('signs a Solana account in, answers its session from the token, and signs it out', async () => {
    const { token, session } = await signIn()
    expect(session).toEqual({
      address: solana.address,
      chainId: `solana:${SOLANA_DEVNET}`,
      caipAddress: `solana:${SOLANA_DEVNET}:${solana.address}`,
      accountType: 'eoa',
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173/',
      origin: ORIGIN,
      via: 'message',
      signedInAt: '2026-03-01T12:00:00.000Z',
      expiresAt: '2026-03-02T12:00:00.000Z',
    })
    expect(await service.session(token)).toEqual(session)
    expect(await service.signOut(token)).toEqual(session)
    expect(await refusal(service.session(token))).toEqual([401, 'signed out'])
    expect(await refusal(service.session('abc.def.ghi'))).toEqual([401, 'invalid token'])
  })

  it('ends the session at the message expiration time when it comes before a day', async () => {
    const { token, session } = await signIn({ expirationTime: new Date(START + 90_000) })
    expect(session.expiresAt).toBe('2026-03-01T12:01:30.000Z')
    now = START + 89_000
    expect((await service.session(token)).address).toBe(solana.address)
    now = START + 90_000
    expect(await refusal(service.session(token))).toEqual([401, 'token expired'])
    now = START
  })

  it('refuses a replayed message, and keeps a nonce usable after a refused attempt', async () => {
    const text = formatSignInMessage(message((await service.nonce()).nonce))
    const signature = await solana.sign(text)
    const other = await generateKeyPair()
    const forged = getBase58Decoder().decode(
      await signBytes(other.privateKey, new TextEncoder().encode(text)),
    )
    expect(
      await refusal(
        service.authenticate({ origin: ORIGIN, body: { message: text, signature: forged } }),
      ),
    ).toEqual([401, 'bad signature'])
    await service.authenticate({ origin: ORIGIN, body: { message: text, signature } })
    expect(
      await refusal(service.authenticate({ origin: ORIGIN, body: { message: text, signature } })),
    ).toEqual([401, 'nonce already used'])
  })

  it('refuses nonces it never issued and nonces older than 10 minutes', async () => {
    expect(
      await refusal(
        service.authenticate({
          origin: ORIGIN,
          body: { message: formatSignInMessage(message('abcdefgh12345678')), signature: '1' },
        }),
      ),
    ).toEqual([401, 'unknown nonce'])
    const { nonce } = await service.nonce()
    now = START + 10 * 60_000
    const text = formatSignInMessage(message(nonce, { issuedAt: new Date(now) }))
    expect(
      await refusal(
        service.authenticate({
          origin: ORIGIN,
          body: { message: text, signature: await solana.sign(text) },
        }),
      ),
    ).toEqual([401, 'nonce expired'])
    now = START
  })

  it('binds the message to the page: Origin header, allowed origins, domain, scheme and URI', async () => {
    expect(await refusal(signIn({}, null))).toEqual([400, 'missing Origin header'])
    expect(await refusal(signIn({}, 'null'))).toEqual([400, 'invalid Origin header'])
    expect(await refusal(signIn({}, `${ORIGIN}/path`))).toEqual([400, 'invalid Origin header'])
    expect(
      await refusal(
        signIn({ domain: 'evil.example', uri: 'https://evil.example/' }, 'https://evil.example'),
      ),
    ).toEqual([403, 'origin not allowed: https://evil.example'])
    expect(await refusal(signIn({ domain: '127.0.0.1:5174' }))).toEqual([
      401,
      'wrong domain: the message is for 127.0.0.1:5174, the request comes from http://127.0.0.1:5173',
    ])
    expect(await refusal(signIn({ scheme: 'https' }))).toEqual([
      401,
      'wrong domain: the message is for https://127.0.0.1:5173, the request comes from http://127.0.0.1:5173',
    ])
    expect(await refusal(signIn({ uri: 'http://127.0.0.1:5174/' }))).toEqual([
      401,
      'wrong URI: http://127.0.0.1:5174/ is not on http://127.0.0.1:5173',
    ])
    expect(await refusal(signIn({ uri: 'did:key:z6Mk' }))).toEqual([
      401,
      'wrong URI: did:key:z6Mk is not on http://127.0.0.1:5173',
    ])
    // The scheme may be named when it is the page's; hosts compare without regard to case.
    expect((await signIn({ scheme: 'http', domain: '127.0.0.1:5173' })).session.domain).toBe(
      '127.0.0.1:5173',
    )
    expect(
      (await signIn({ domain: 'app.example', uri: 'https://app.example/x' }, 'https://app.example'))
        .session.origin,
    ).toBe('https://app.example')
    expect(
      (await signIn({ domain: 'APP.example', uri: 'https://app.example/x' }, 'https://app.example'))
        .session.domain,
    ).toBe('APP.example')
  })

  it('accepts only the chains it is given', async () => {
    const accepted =
      'accepted: solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP, bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    // Solana mainnet, and Solana's public devnet: not chains this devnet runs.
    expect(await refusal(signIn({ chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))).toEqual([
      400,
      `wrong chain: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp is not accepted here (${accepted})`,
    ])
    expect(await refusal(signIn({ chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }))).toEqual([
      400,
      `wrong chain: solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 is not accepted here (${accepted})`,
    ])
  })

  it('checks issued-at (60 s of skew), expiration and not-before against the server clock', async () => {
    expect((await signIn({ issuedAt: new Date(START + 60_000) })).session.address).toBe(
      solana.address,
    )
    expect(await refusal(signIn({ issuedAt: new Date(START + 60_001) }))).toEqual([
      401,
      'message issued in the future',
    ])
    expect(await refusal(signIn({ expirationTime: new Date(START) }))).toEqual([
      401,
      'message expired',
    ])
    expect(await refusal(signIn({ notBefore: new Date(START + 1) }))).toEqual([
      401,
      'message not yet valid',
    ])
    expect(
      (await signIn({ notBefore: new Date(START), expirationTime: new Date(START + 1) })).session
        .expiresAt,
    ).toBe('2026-03-01T12:00:00.001Z')
  })

  it('verifies Bitcoin BIP-322 signatures of regtest addresses', async () => {
    const privateKey = `0x${'11'.repeat(32)}` as const
    const publicKey = Key.compressPublicKey(
      Buffer.from(privateKeyToAccount(privateKey).publicKey.slice(2), 'hex'),
    )
    const { regtest, testnet, mainnet } = BitcoinAddress.convertPubKeyIntoAddress(
      publicKey,
      'p2wpkh',
    )
    expect(regtest).toMatch(/^bcrt1q/)
    // WIF: version 0xef (testnet and regtest), the key, 0x01 (compressed), then a double-SHA-256 checksum.
    const payload = Buffer.concat([
      Buffer.from([0xef]),
      Buffer.from(privateKey.slice(2), 'hex'),
      Buffer.from([1]),
    ])
    const sha = (data: Buffer) => createHash('sha256').update(data).digest()
    const wif = getBase58Decoder().decode(
      Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]),
    )

    const bitcoin = async (address: string) =>
      formatSignInMessage(
        message((await service.nonce()).nonce, {
          namespace: 'bip122',
          address,
          chainId: BITCOIN_REGTEST,
        }),
      )
    const text = await bitcoin(regtest)
    const { session } = await service.authenticate({
      origin: ORIGIN,
      body: { message: text, signature: Signer.sign(wif, regtest, text) },
    })
    expect(session.caipAddress).toBe(`bip122:${BITCOIN_REGTEST}:${regtest}`)

    const tampered = await bitcoin(regtest)
    const signedOther = Signer.sign(wif, regtest, tampered.replace('Sign in', 'Sign out'))
    expect(
      await refusal(
        service.authenticate({
          origin: ORIGIN,
          body: { message: tampered, signature: signedOther },
        }),
      ),
    ).toEqual([401, 'bad signature'])
    // The same key's mainnet and testnet addresses, each with its own valid BIP-322 signature,
    // are other chains' accounts.
    for (const other of [mainnet, testnet]) {
      const onOther = await bitcoin(other)
      expect(
        await refusal(
          service.authenticate({
            origin: ORIGIN,
            body: { message: onOther, signature: Signer.sign(wif, other, onOther) },
          }),
        ),
      ).toEqual([401, 'bad signature'])
    }
    expect(
      await refusal(
        service.authenticate({
          origin: ORIGIN,
          body: { message: await bitcoin(regtest), signature: 'not base64!' },
        }),
      ),
    ).toEqual([400, 'bad signature encoding'])
  })

  it('answers any body with a 4xx naming the problem, never a 500, and consumes no nonce', async () => {
    const { nonce } = await service.nonce()
    const valid = formatSignInMessage(message(nonce))
    const field = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.object(),
      fc.constant(valid),
      fc.constant(valid.replace('Version: 1', 'Version: 2')),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ message: field, signature: field, cacao: field }, { requiredKeys: [] }),
        ),
        async (body) => {
          const [status, error] = await refusal(service.authenticate({ origin: ORIGIN, body }))
          expect(status).toBeGreaterThanOrEqual(400)
          expect(status).toBeLessThan(500)
          expect(error.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 1000 },
    )
    // The valid message still signs in: every refusal above left its nonce alone.
    const { session } = await service.authenticate({
      origin: ORIGIN,
      body: { message: valid, signature: await solana.sign(valid) },
    })
    expect(session.address).toBe(solana.address)
  })
})
