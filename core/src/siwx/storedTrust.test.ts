// Browser-kept sign-in against what page scripts and extensions can write: storage. A session is
// kept only once its signature is its account's (EVM and Solana checked here), and what is read
// back passes the same checks again.
import {
  generateKeyPair,
  getAddressFromPublicKey,
  getBase58Decoder,
  getBase58Encoder,
  signBytes,
} from '@solana/kit'
import fc from 'fast-check'
import { mnemonicToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import { createMemoryStorage, createSafeStorage } from '../storage/index.js'
import { createBrowserSiwx } from './browser.js'
import { SIWX_SESSIONS_KEY } from './browserImpl.js'
import type { SiwxSession } from './types.js'
import { verifySessionSignature } from './verify.js'

beforeAll(async () => {
  await Promise.all([import('./browserImpl.js'), import('viem/siwe'), import('viem')])
}, 60_000)

const OWNER = mnemonicToAccount('test test test test test test test test test test test junk')
const NOW = Date.parse('2026-01-01T00:00:00.000Z')
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const KEY = `@portico/${SIWX_SESSIONS_KEY}`
const offline = () => Promise.reject(new Error('offline'))

function setup(adapter = createMemoryStorage(), domain = 'app.example') {
  const logger = createLogger({ level: 'silent' })
  const siwx = createBrowserSiwx()
  siwx.init?.({
    storage: createSafeStorage(adapter, logger),
    toolkitUrl: (path) => `https://api.example/${path}`,
    fetch: offline,
    now: () => NOW,
    networks: [],
    logger,
    domain,
    uri: `https://${domain}/`,
  })
  return { siwx, adapter }
}

/** A session signed by the EVM test account, made by a page of `domain`. */
async function evmSession(domain = 'app.example') {
  const { siwx } = setup(createMemoryStorage(), domain)
  const message = await siwx.createMessage({ accountAddress: OWNER.address, chainId: 'eip155:1' })
  const text = message.toString()
  return {
    data: message.data,
    message: text,
    signature: await OWNER.signMessage({ message: text }),
  } satisfies SiwxSession
}

/** A Solana key pair (ed25519, WebCrypto) and its address. */
async function solanaSigner() {
  const keys = await generateKeyPair()
  const address = await getAddressFromPublicKey(keys.publicKey)
  const sign = async (text: string) =>
    getBase58Decoder().decode(await signBytes(keys.privateKey, new TextEncoder().encode(text)))
  return { address: address as string, sign }
}

describe('a browser sign-in session planted in storage', () => {
  it('with a signature that is not one is not signed in, and is dropped', async () => {
    const { siwx, adapter } = setup()
    const real = await evmSession()
    const forged = { ...real, signature: '0xnot-a-signature' }
    adapter.setItem(KEY, JSON.stringify([forged]))
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
    expect(adapter.getItem(KEY)).toBeNull()
  })

  it('signed by another key is not signed in', async () => {
    const { siwx, adapter } = setup()
    const real = await evmSession()
    const other = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 1,
    })
    const signature = await other.signMessage({ message: real.message })
    adapter.setItem(KEY, JSON.stringify([{ ...real, signature }]))
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
  })

  it('whose fields say more than the signed text is not signed in', async () => {
    const { siwx, adapter } = setup()
    const real = await evmSession()
    const stretched = {
      ...real,
      data: { ...real.data, expirationTime: '2099-01-01T00:00:00.000Z' },
    }
    adapter.setItem(KEY, JSON.stringify([stretched]))
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
  })

  it('signed for another site is not signed in here', async () => {
    const { siwx, adapter } = setup()
    adapter.setItem(KEY, JSON.stringify([await evmSession('evil.example')]))
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
  })

  it('that the account really signed here is read back, and others of it are kept', async () => {
    const { siwx, adapter } = setup()
    const real = await evmSession()
    adapter.setItem(KEY, JSON.stringify([real]))
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([real])
    expect(JSON.parse(adapter.getItem(KEY)!)).toEqual([real])
  })
})

describe('a Solana sign-in in the browser', () => {
  it('is refused with a signature that is not one, or another key’s', async () => {
    const { siwx } = setup()
    const signer = await solanaSigner()
    const other = await solanaSigner()
    for (const signature of ['not-a-signature', await other.sign('anything'), '1'.repeat(88)]) {
      const message = await siwx.createMessage({ accountAddress: signer.address, chainId: SOLANA })
      const text = message.toString()
      const session = { data: message.data, message: text, signature }
      await expect(siwx.addSession(session)).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: { why: 'the signature does not match' },
      })
    }
    const message = await siwx.createMessage({ accountAddress: signer.address, chainId: SOLANA })
    const text = message.toString()
    const byOther = { data: message.data, message: text, signature: await other.sign(text) }
    await expect(siwx.addSession(byOther)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect(await siwx.getSessions(SOLANA, signer.address)).toEqual([])
  })

  it('is kept with the ed25519 signature of its message by its address, and read back', async () => {
    const storage = createMemoryStorage()
    const { siwx } = setup(storage)
    const signer = await solanaSigner()
    const message = await siwx.createMessage({ accountAddress: signer.address, chainId: SOLANA })
    const text = message.toString()
    const session = { data: message.data, message: text, signature: await signer.sign(text) }
    await siwx.addSession(session)
    // A new page (nothing verified in memory) checks it again and keeps it.
    expect(await setup(storage).siwx.getSessions(SOLANA, signer.address)).toEqual([session])
  })
})

describe('verifySessionSignature on Solana', () => {
  it('accepts no signature but the key’s own of this very message', async () => {
    const signer = await solanaSigner()
    const { siwx } = setup()
    const message = await siwx.createMessage({ accountAddress: signer.address, chainId: SOLANA })
    const text = message.toString()
    const good = await signer.sign(text)
    const bytes = getBase58Encoder().encode(good)
    const context = { networks: [], fetch: offline }
    const session = (signature: string, signed = text): SiwxSession => ({
      data: message.data,
      message: signed,
      signature,
    })
    expect(await verifySessionSignature(session(good), context)).toBe(true)
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // Any text where the signature goes.
          fc.string({ maxLength: 100 }),
          // Any 64 bytes.
          fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => getBase58Decoder().decode(b)),
          // The good signature with one bit flipped.
          fc.tuple(fc.nat({ max: 63 }), fc.nat({ max: 7 })).map(([i, bit]) => {
            const flipped = Uint8Array.from(bytes)
            flipped[i] = (flipped[i] as number) ^ (1 << bit)
            return getBase58Decoder().decode(flipped)
          }),
        ),
        async (signature) => {
          expect(await verifySessionSignature(session(signature), context)).toBe(false)
        },
      ),
      { numRuns: 1_000 },
    )
    // The good signature over any other text.
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }).filter((t) => t !== text),
        async (other) => {
          expect(await verifySessionSignature(session(good, other), context)).toBe(false)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})
