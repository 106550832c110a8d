import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, bech32m, createBase58check } from '@scure/base'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bitcoinAddressNetwork, isBitcoinAddress } from './address.js'
import { bitcoinReference, bitcoinReferences, networkNameReference } from './chains.js'
import { ESPLORA_TIMEOUT_MS, fetchUtxos, MAX_SATS, parseUtxos } from './esplora.js'

// 1 000 runs a property; a mutation run (hundreds of mutants on a shared machine) may ask for
// fewer through PORTICO_PROPERTY_RUNS, which can only let mutants survive, never hide one.
const RUNS = { numRuns: Number(process.env.PORTICO_PROPERTY_RUNS ?? 1_000) }
const base58check = createBase58check(sha256)

describe('bitcoinAddressNetwork', () => {
  it.each([
    // BIP-173 and BIP-350 test vectors, and the devnet's regtest payment address shape.
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mainnet'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet'],
    ['bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'regtest'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'mainnet'],
    ['BC1SW50QGDZ25J', 'mainnet'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'mainnet'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet'],
  ])('%s is a %s address', (address, network) => {
    expect(bitcoinAddressNetwork(address)).toBe(network)
    expect(isBitcoinAddress(address)).toBe(true)
  })

  it.each([
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with a bech32 checksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'v0 with a bech32m checksum'],
    ['ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', 'another coin’s prefix'],
    ['bc1qr508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'a wrong checksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'a changed checksum'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'a legacy address with a wrong checksum'],
    ['', 'nothing'],
    ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'an EVM address'],
  ])('%s is no address (%s)', (address) => {
    expect(bitcoinAddressNetwork(address)).toBeUndefined()
    expect(isBitcoinAddress(address)).toBe(false)
  })

  it('refuses what is not a string', () => {
    expect(bitcoinAddressNetwork(42 as never)).toBeUndefined()
    expect(bitcoinAddressNetwork(undefined as never)).toBeUndefined()
  })

  it('reads every well-formed segwit address by its prefix', () => {
    const prefixes = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' } as const
    fc.assert(
      fc.property(
        fc.constantFrom('bc', 'tb', 'bcrt'),
        fc.integer({ min: 0, max: 16 }),
        fc.uint8Array({ minLength: 2, maxLength: 40 }),
        (prefix, version, bytes) => {
          const program = version === 0 ? bytes.slice(0, bytes.length >= 32 ? 32 : 20) : bytes
          fc.pre(version !== 0 || program.length === 20 || program.length === 32)
          const coder = version === 0 ? bech32 : bech32m
          const address = coder.encode(prefix, [version, ...coder.toWords(program)], 90)
          expect(bitcoinAddressNetwork(address)).toBe(prefixes[prefix])
          // The other checksum makes it another, invalid address.
          const other = (version === 0 ? bech32m : bech32).encode(
            prefix,
            [version, ...coder.toWords(program)],
            90,
          )
          expect(bitcoinAddressNetwork(other)).toBeUndefined()
        },
      ),
      RUNS,
    )
  })

  it('refuses version 0 programs of any length but 20 and 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (program) => {
        fc.pre(program.length !== 20 && program.length !== 32)
        const address = bech32.encode('bc', [0, ...bech32.toWords(program)], 90)
        expect(bitcoinAddressNetwork(address)).toBeUndefined()
      }),
      RUNS,
    )
  })

  it('reads legacy addresses by their version byte, and refuses other versions', () => {
    const versions: Record<number, string> = {
      0: 'mainnet',
      5: 'mainnet',
      111: 'testnet',
      196: 'testnet',
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        (version, hash) => {
          const address = base58check.encode(Uint8Array.of(version, ...hash))
          expect(bitcoinAddressNetwork(address)).toBe(versions[version])
        },
      ),
      RUNS,
    )
  })

  it('refuses segwit versions above 16, programs outside 2–40 bytes and other coins’ prefixes', () => {
    const program = new Uint8Array(32).fill(7)
    for (const version of [17, 20, 31]) {
      expect(
        bitcoinAddressNetwork(bech32m.encode('bc', [version, ...bech32m.toWords(program)], 90)),
      ).toBeUndefined()
    }
    expect(bitcoinAddressNetwork(bech32m.encode('bc', [16, ...bech32m.toWords(program)], 90))).toBe(
      'mainnet',
    )
    for (const length of [0, 1, 41]) {
      const address = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(length))], 90)
      expect(bitcoinAddressNetwork(address)).toBeUndefined()
    }
    for (const length of [2, 40]) {
      const address = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(length))], 90)
      expect(bitcoinAddressNetwork(address)).toBe('mainnet')
    }
    expect(
      bitcoinAddressNetwork(bech32.encode('ltc', [0, ...bech32.toWords(new Uint8Array(20))], 90)),
    ).toBeUndefined()
    expect(bitcoinAddressNetwork(bech32m.encode('bc', [], 90))).toBeUndefined()
  })

  it('refuses a program whose last word carries padding bits', () => {
    const words = bech32m.toWords(new Uint8Array(32))
    words[words.length - 1] = 1
    expect(bitcoinAddressNetwork(bech32m.encode('bc', [1, ...words], 90))).toBeUndefined()
  })

  it('refuses a legacy payload that is not 21 bytes', () => {
    expect(bitcoinAddressNetwork(base58check.encode(new Uint8Array(22)))).toBeUndefined()
    expect(bitcoinAddressNetwork(base58check.encode(new Uint8Array(20)))).toBeUndefined()
  })

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const network = bitcoinAddressNetwork(text)
        expect(network === undefined || ['mainnet', 'testnet', 'regtest'].includes(network)).toBe(
          true,
        )
      }),
      RUNS,
    )
  })

  it('refuses a segwit address longer than 90 characters', () => {
    const long = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(40))], 200)
    expect(long.length).toBeLessThanOrEqual(90)
    expect(bitcoinAddressNetwork(`${long}${'q'.repeat(91 - long.length)}`)).toBeUndefined()
    const tooLong = bech32m.encode('bcrt', [1, ...bech32m.toWords(new Uint8Array(60))], 200)
    expect(bitcoinAddressNetwork(tooLong)).toBeUndefined()
  })
})

describe('Bitcoin chain names', () => {
  it('maps the Wallet Standard names and CAIP-2 ids to CAIP-2 references', () => {
    expect(bitcoinReference('bitcoin:mainnet')).toBe('000000000019d6689c085ae165831e93')
    expect(bitcoinReference('bitcoin:testnet')).toBe('000000000933ea01ad0ee984209779ba')
    expect(bitcoinReference('bitcoin:testnet3')).toBe('000000000933ea01ad0ee984209779ba')
    expect(bitcoinReference('bitcoin:testnet4')).toBe('00000000da84f2bafbbc53dee25a72ae')
    expect(bitcoinReference('bitcoin:signet')).toBe('00000008819873e925422c1ff0f99f7c')
    expect(bitcoinReference('bitcoin:regtest')).toBe('0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(bitcoinReference('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328',
    )
    expect(bitcoinReference('bip122:0F9188F13CB7B2C71F2A335E3A4FC328')).toBeUndefined()
    expect(bitcoinReference('bip122:0f9188f13cb7b2c71f2a335e3a4fc32')).toBeUndefined()
    expect(bitcoinReference('xbip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBeUndefined()
    expect(bitcoinReference('bip122:0f9188f13cb7b2c71f2a335e3a4fc3281')).toBeUndefined()
    expect(bitcoinReference('toString')).toBeUndefined()
    expect(bitcoinReference('bitcoin:litecoin')).toBeUndefined()
  })

  it('lists each reference once, in the wallet’s order, dropping unknown chains', () => {
    expect(
      bitcoinReferences([
        'bitcoin:regtest',
        'bitcoin:x',
        'bitcoin:testnet3',
        'bitcoin:testnet',
        'bitcoin:mainnet',
      ]),
    ).toEqual([
      '0f9188f13cb7b2c71f2a335e3a4fc328',
      '000000000933ea01ad0ee984209779ba',
      '000000000019d6689c085ae165831e93',
    ])
  })

  it('maps sats-connect network names, case aside', () => {
    expect(networkNameReference('Mainnet')).toBe('000000000019d6689c085ae165831e93')
    expect(networkNameReference('REGTEST')).toBe('0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(networkNameReference('Testnet4')).toBe('00000000da84f2bafbbc53dee25a72ae')
    expect(networkNameReference('Signet')).toBe('00000008819873e925422c1ff0f99f7c')
    expect(networkNameReference('testnet3')).toBe('000000000933ea01ad0ee984209779ba')
    expect(networkNameReference('Testnet')).toBe('000000000933ea01ad0ee984209779ba')
    expect(networkNameReference('constructor')).toBeUndefined()
    expect(networkNameReference(1)).toBeUndefined()
  })
})

const TXID = 'a'.repeat(64)

describe('parseUtxos', () => {
  it('reads outputs as bigint satoshis', () => {
    expect(parseUtxos([{ txid: TXID, vout: 0, value: 5_000_000_000, status: {} }])).toEqual([
      { txid: TXID, vout: 0, value: 5_000_000_000n },
    ])
    expect(parseUtxos([])).toEqual([])
    // An output of nothing is still an output.
    expect(parseUtxos([{ txid: TXID, vout: 0, value: 0 }])).toEqual([
      { txid: TXID, vout: 0, value: 0n },
    ])
  })

  it('refuses a txid with anything before or after its 64 hex digits', () => {
    for (const txid of [`${TXID}0`, `0${TXID}`, `${TXID}\n`, ` ${TXID}`]) {
      expect(() => parseUtxos([{ txid, vout: 0, value: 1 }])).toThrow('an invalid txid')
    }
  })

  it('keeps any list of well-formed distinct outputs, whose sum is the balance', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            txid: fc.stringMatching(/^[0-9a-f]{64}$/),
            vout: fc.nat({ max: 10_000 }),
            value: fc.nat({ max: 2 ** 50 }),
          }),
          { selector: (u) => `${u.txid}:${u.vout}`, maxLength: 8 },
        ),
        (utxos) => {
          const parsed = parseUtxos(utxos)
          expect(parsed.map((u) => ({ ...u, value: Number(u.value) }))).toEqual(utxos)
        },
      ),
      RUNS,
    )
  })

  it.each([
    [{}, 'no list'],
    [[null], 'an entry that is no object'],
    [[{ txid: 'A'.repeat(64), vout: 0, value: 1 }], 'an invalid txid'],
    [[{ txid: 'a'.repeat(63), vout: 0, value: 1 }], 'an invalid txid'],
    [[{ txid: 1, vout: 0, value: 1 }], 'an invalid txid'],
    [[{ txid: TXID, vout: -1, value: 1 }], 'an invalid output index'],
    [[{ txid: TXID, vout: 0.5, value: 1 }], 'an invalid output index'],
    [[{ txid: TXID, vout: '0', value: 1 }], 'an invalid output index'],
    [[{ txid: TXID, vout: 0, value: -1 }], 'an invalid amount'],
    [[{ txid: TXID, vout: 0, value: 1.5 }], 'an invalid amount'],
    [[{ txid: TXID, vout: 0, value: '1' }], 'an invalid amount'],
    [[{ txid: TXID, vout: 0, value: 2 ** 53 }], 'an invalid amount'],
    [[{ txid: TXID, vout: 0, value: Number(MAX_SATS) + 1024 }], 'more bitcoin than exists'],
    [
      [
        { txid: TXID, vout: 1, value: 1 },
        { txid: TXID, vout: 1, value: 1 },
      ],
      `the output ${TXID}:1 twice`,
    ],
  ])('refuses %j: %s', (body, why) => {
    expect(() => parseUtxos(body)).toThrow(
      `The Bitcoin API answered the unspent outputs with ${why}`,
    )
    try {
      parseUtxos(body)
    } catch (error) {
      expect((error as { code: string }).code).toBe('INVALID_RESPONSE')
    }
  })

  it('accepts exactly 21 million BTC in one output', () => {
    expect(MAX_SATS).toBe(2_100_000_000_000_000n)
    // 2.1e15 is a safe integer: the cap is what stops it, not the number type.
    expect(parseUtxos([{ txid: TXID, vout: 0, value: 2_100_000_000_000_000 }])[0]?.value).toBe(
      MAX_SATS,
    )
    expect(() => parseUtxos([{ txid: TXID, vout: 0, value: 2_100_000_000_000_001 }])).toThrow(
      'more bitcoin than exists',
    )
  })

  it('never lets a malformed answer through without an error', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        try {
          const parsed = parseUtxos(body)
          expect(Array.isArray(body)).toBe(true)
          for (const u of parsed) expect(u.value >= 0n && u.value <= MAX_SATS).toBe(true)
        } catch (error) {
          expect((error as { code: string }).code).toBe('INVALID_RESPONSE')
        }
      }),
      RUNS,
    )
  })
})

describe('fetchUtxos', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks the address’s utxo route, without a doubled slash', async () => {
    const fetchFn = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json([{ txid: TXID, vout: 2, value: 7 }]),
    )
    const utxos = await fetchUtxos('http://127.0.0.1:8790//', 'bcrt1q/x', fetchFn)
    expect(fetchFn.mock.calls[0]?.[0]).toBe('http://127.0.0.1:8790/address/bcrt1q%2Fx/utxo')
    expect(utxos).toEqual([{ txid: TXID, vout: 2, value: 7n }])
  })

  it('says the API answered 503, with the status', async () => {
    const error = await fetchUtxos(
      'http://api',
      'a',
      async () => new Response('', { status: 503 }),
    ).catch((e) => e)
    expect(error.message).toBe('The Bitcoin API answered 503')
    expect(error.code).toBe('API_ERROR')
    expect(error.details).toEqual({ status: 503 })
  })

  it('says the API could not be reached', async () => {
    const error = await fetchUtxos('http://api', 'a', async () => {
      throw new TypeError('fetch failed')
    }).catch((e) => e)
    expect(error.message).toBe('The Bitcoin API could not be reached')
    expect(error.code).toBe('API_ERROR')
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('says the answer was no JSON, or malformed', async () => {
    const notJson = await fetchUtxos('http://api', 'a', async () => new Response('<html>')).catch(
      (e) => e,
    )
    expect(notJson.message).toBe('The Bitcoin API answered with no JSON')
    expect(notJson.code).toBe('INVALID_RESPONSE')
    expect(notJson.cause).toBeInstanceOf(SyntaxError)
    const malformed = await fetchUtxos('http://api', 'a', async () =>
      Response.json({ utxo: [] }),
    ).catch((e) => e)
    expect(malformed.message).toBe('The Bitcoin API answered the unspent outputs with no list')
  })

  it('gives up after 30 s, aborting the request', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    const pending = fetchUtxos('http://api', 'a', (_url, init) => {
      signal = init?.signal ?? undefined
      return new Promise(() => undefined)
    }).catch((e) => e)
    expect(ESPLORA_TIMEOUT_MS).toBe(30_000)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error.message).toBe('The Bitcoin API did not answer in time')
    expect(error.code).toBe('TIMEOUT')
    expect(error.details).toEqual({ seconds: 30 })
    expect(signal?.aborted).toBe(true)
  })

  it('uses the global fetch when given none', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json([]))
    await expect(fetchUtxos('http://api', 'a')).resolves.toEqual([])
    expect(spy).toHaveBeenCalledOnce()
    spy.mockRestore()
  })
})
