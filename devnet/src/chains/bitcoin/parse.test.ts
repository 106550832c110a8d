import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import { NETWORK, p2tr, p2wpkh, RawTx, Transaction } from '@scure/btc-signer'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { REGTEST } from './network.js'
import {
  BitcoinRejection,
  classifyScript,
  MAX_MONEY,
  parseAddress,
  parseFundRequest,
  parseHash,
  parseHeight,
  parseMineRequest,
  parseRawTransaction,
  parseSatoshis,
} from './parse.js'

const RUNS = { numRuns: 1000 }

/** Runs `parse`; passes when it returns or throws a BitcoinRejection, fails on anything else. */
function outcome<T>(
  parse: () => T,
): { ok: true; value: T } | { ok: false; error: BitcoinRejection } {
  try {
    return { ok: true, value: parse() }
  } catch (error) {
    if (error instanceof BitcoinRejection) return { ok: false, error }
    throw error
  }
}

const privateKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((bytes) => secp256k1.utils.isValidSecretKey(bytes))

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => hex.encode(b))

describe('parseAddress', () => {
  it('takes any regtest P2WPKH or P2TR address, in either case, and gives its script', () => {
    fc.assert(
      fc.property(privateKey, fc.boolean(), fc.boolean(), (key, taproot, upper) => {
        const publicKey = secp256k1.getPublicKey(key, true)
        const payment = taproot
          ? p2tr(publicKey.slice(1), undefined, REGTEST)
          : p2wpkh(publicKey, REGTEST)
        const address = payment.address as string
        expect(address.startsWith(taproot ? 'bcrt1p' : 'bcrt1q')).toBe(true)
        const parsed = parseAddress(upper ? address.toUpperCase() : address)
        expect(parsed.address).toBe(address)
        expect(hex.encode(parsed.script)).toBe(hex.encode(payment.script))
        expect(parsed.type).toBe(taproot ? 'v1_p2tr' : 'v0_p2wpkh')
      }),
      { numRuns: 200 },
    )
  })

  it('refuses the same keys on mainnet', () => {
    fc.assert(
      fc.property(privateKey, (key) => {
        const address = p2wpkh(secp256k1.getPublicKey(key, true), NETWORK).address as string
        expect(() => parseAddress(address)).toThrow(BitcoinRejection)
      }),
      { numRuns: 100 },
    )
  })

  it('answers any input with an address or a rejection, and parsing is idempotent', () => {
    const near = fc
      .tuple(fc.constantFrom('bcrt1q', 'bcrt1p', 'tb1q', 'bc1q', 'm', 'n', '2', ''), fc.string())
      .map(([prefix, rest]) => prefix + rest)
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), near), (value) => {
        const result = outcome(() => parseAddress(value))
        if (result.ok) {
          expect(parseAddress(result.value.address)).toEqual(result.value)
          expect(classifyScript(result.value.script)).toBe(result.value.type)
        } else {
          expect(result.error.reason).toBe('invalid address')
        }
      }),
      RUNS,
    )
  })
})

describe('parseHash and parseHeight', () => {
  it('takes exactly 64 hex digits, lower-cased', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hex64,
          hex64.map((h) => h.toUpperCase()),
          fc.string(),
          fc.anything(),
        ),
        (v) => {
          const result = outcome(() => parseHash(v))
          const valid = typeof v === 'string' && /^[0-9a-fA-F]{64}$/.test(v)
          expect(result.ok).toBe(valid)
          if (result.ok) expect(result.value).toBe((v as string).toLowerCase())
        },
      ),
      RUNS,
    )
  })

  it('takes decimal heights without sign or leading zeros', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999_999 }), (n) => {
        expect(parseHeight(String(n))).toBe(n)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (v) => {
        const result = outcome(() => parseHeight(v))
        if (result.ok) expect(String(result.value)).toBe(v)
      }),
      RUNS,
    )
  })
})

const outpoint = fc.record({
  txid: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  index: fc.nat({ max: 0xfffffffe }),
  finalScriptSig: fc.uint8Array({ maxLength: 40 }),
  sequence: fc.nat({ max: 0xffffffff }),
})
const output = fc.record({
  amount: fc.bigInt({ min: 0n, max: MAX_MONEY / 4n }),
  script: fc.uint8Array({ maxLength: 40 }),
})
const rawTransaction = fc
  .record({
    version: fc.integer({ min: -2, max: 3 }),
    inputs: fc.uniqueArray(outpoint, {
      minLength: 1,
      maxLength: 4,
      selector: (i) => `${hex.encode(i.txid)}:${i.index}`,
    }),
    outputs: fc.array(output, { minLength: 1, maxLength: 4 }),
    witnessed: fc.boolean(),
    lockTime: fc.nat({ max: 0xffffffff }),
  })
  .map(({ witnessed, ...tx }) => ({
    ...tx,
    segwitFlag: witnessed,
    // BIP-144: a segwit serialization has at least one non-empty witness.
    witnesses: witnessed ? tx.inputs.map(() => [new Uint8Array([1, 2, 3])]) : undefined,
  }))

describe('parseRawTransaction', () => {
  it('decodes any well-formed transaction to its parts, txid and weight', () => {
    fc.assert(
      fc.property(rawTransaction, (tx) => {
        const raw = RawTx.encode(tx)
        const parsed = parseRawTransaction(hex.encode(raw))
        expect(parsed.txid).toBe(
          Transaction.fromRaw(raw, {
            allowUnknownOutputs: true,
            allowUnknownInputs: true,
            allowUnknownVersion: true,
            disableScriptCheck: true,
          }).id,
        )
        expect(parsed.inputs.map((i) => [i.txid, i.vout, i.sequence])).toEqual(
          tx.inputs.map((i) => [hex.encode(i.txid), i.index, i.sequence]),
        )
        expect(parsed.outputs.map((o) => o.value)).toEqual(tx.outputs.map((o) => o.amount))
        expect(parsed.size).toBe(raw.length)
        const base = RawTx.encode({ ...tx, segwitFlag: false, witnesses: undefined }).length
        expect(parsed.weight).toBe(base * 3 + raw.length)
        expect(parsed.vsize).toBe(Math.ceil(parsed.weight / 4))
      }),
      RUNS,
    )
  })

  it('refuses a spend of one output twice, and amounts over 21 million BTC', () => {
    fc.assert(
      fc.property(rawTransaction, fc.bigInt({ min: MAX_MONEY + 1n, max: 2n ** 63n }), (tx, big) => {
        const doubled = { ...tx, inputs: [...tx.inputs, tx.inputs[0] as (typeof tx.inputs)[0]] }
        const withWitness = doubled.witnesses
          ? { ...doubled, witnesses: [...doubled.witnesses, [new Uint8Array([1])]] }
          : doubled
        const twice = outcome(() => parseRawTransaction(hex.encode(RawTx.encode(withWitness))))
        expect(twice.ok).toBe(false)
        if (!twice.ok) expect(twice.error.reason).toBe('bad-txns-inputs-duplicate')

        const rich = { ...tx, outputs: [{ amount: big, script: new Uint8Array([0x51]) }] }
        const tooMuch = outcome(() => parseRawTransaction(hex.encode(RawTx.encode(rich))))
        expect(tooMuch.ok).toBe(false)
        if (!tooMuch.ok) expect(tooMuch.error.reason).toBe('bad-txns-vout-toolarge')
      }),
      RUNS,
    )
  })

  it('answers any body, cut or corrupted transactions included, with a result or a rejection', () => {
    const damaged = fc
      .tuple(rawTransaction, fc.nat(), fc.nat({ max: 255 }), fc.boolean())
      .map(([tx, at, byte, cut]) => {
        const raw = RawTx.encode(tx)
        const i = at % raw.length
        if (cut) return hex.encode(raw.slice(0, i))
        const copy = raw.slice()
        copy[i] = byte
        return hex.encode(copy)
      })
    fc.assert(
      fc.property(
        fc.oneof(damaged, fc.string(), fc.anything(), fc.uint8Array().map(hex.encode)),
        (body) => {
          const result = outcome(() => parseRawTransaction(body))
          if (result.ok) expect(result.value.txid).toMatch(/^[0-9a-f]{64}$/)
        },
      ),
      RUNS,
    )
  })
})

describe('control bodies', () => {
  it('parses mine and fund requests or rejects them, never anything else', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        const mine = outcome(() => parseMineRequest(body))
        if (mine.ok) expect(mine.value.blocks).toBeGreaterThanOrEqual(1)
        const fund = outcome(() => parseFundRequest(body))
        if (fund.ok) expect(fund.value.value).toBeGreaterThan(0n)
      }),
      RUNS,
    )
    expect(parseMineRequest(undefined)).toEqual({ blocks: 1 })
    expect(parseMineRequest({ blocks: 3 })).toEqual({ blocks: 3 })
    expect(() => parseMineRequest({ blocks: 1001 })).toThrow('at most 1000')
  })

  it('takes satoshis as safe integers or decimal strings up to 21 million BTC', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_MONEY }), (sats) => {
        expect(parseSatoshis(sats.toString())).toBe(sats)
        if (sats <= BigInt(Number.MAX_SAFE_INTEGER)) expect(parseSatoshis(Number(sats))).toBe(sats)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string(), fc.anything()), (value) => {
        const result = outcome(() => parseSatoshis(value))
        if (result.ok) expect(result.value > 0n && result.value <= MAX_MONEY).toBe(true)
      }),
      RUNS,
    )
  })
})
