import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../../errors/index.js'
import { parseJsonWithBigInts } from './json.js'
import { createSolanaRpc, SOLANA_COMMITMENT, SOLANA_RPC_TIMEOUT_MS, u64 } from './rpc.js'

// The Solana JSON-RPC answers the adapter reads, checked before use: a node (or anything posing
// as one) that answers out of shape gets a clear INVALID_RESPONSE, never a wrong amount.

// 1 000 runs a property; a mutation run (hundreds of mutants on a shared machine) may ask for
// fewer through PORTICO_PROPERTY_RUNS, which can only let mutants survive, never hide one.
const RUNS = { numRuns: Number(process.env.PORTICO_PROPERTY_RUNS ?? 1_000) }
const URL = 'http://127.0.0.1:8899'
const OWNER = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const BLOCKHASH = '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn'
const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

/** JSON text with bigints as bare integers, as a Solana node writes u64 amounts. */
const jsonText = (value: unknown) =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `\u0001${v}` : v)).replace(
    /"\\u0001(-?\d+)"/g,
    '$1',
  )

/** An RPC whose node answers every call with `result` (or the given body text). */
function rpcAnswering(answer: { result: unknown } | { text: string }) {
  const requests: { method: string; params: unknown[]; id: number }[] = []
  const fetchFn = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body))
    requests.push(body)
    return new Response(
      'text' in answer
        ? answer.text
        : jsonText({ jsonrpc: '2.0', id: body.id, result: answer.result }),
    )
  })
  return { rpc: createSolanaRpc(URL, fetchFn as unknown as typeof fetch), requests, fetchFn }
}

async function caught(promise: Promise<unknown>): Promise<PorticoError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return error as PorticoError
  }
  throw new Error('expected a rejection')
}

const context = { slot: 1, apiVersion: '2.2.0' }

afterEach(() => {
  vi.useRealTimers()
})

describe('Solana JSON-RPC calls', () => {
  it('posts JSON-RPC 2.0 with increasing ids and the confirmed commitment', async () => {
    const { rpc, requests, fetchFn } = rpcAnswering({ result: { context, value: 5 } })
    await rpc.getBalance('me')
    await rpc.getFeeForMessage('AQAB')
    expect(SOLANA_COMMITMENT).toBe('confirmed')
    expect(requests).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['me', { commitment: 'confirmed' }] },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'getFeeForMessage',
        params: ['AQAB', { commitment: 'confirmed' }],
      },
    ])
    const init = fetchFn.mock.calls[0]?.[1]
    expect(fetchFn.mock.calls[0]?.[0]).toBe(URL)
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({ 'content-type': 'application/json' })
  })

  it('reads each method’s answer', async () => {
    expect(
      await rpcAnswering({
        result: { context, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 300 } },
      }).rpc.getLatestBlockhash(),
    ).toEqual({ blockhash: BLOCKHASH, lastValidBlockHeight: 300n })
    expect(
      await rpcAnswering({ result: 2_039_280 }).rpc.getMinimumBalanceForRentExemption(165),
    ).toBe(2_039_280n)
    expect(await rpcAnswering({ result: { context, value: null } }).rpc.getFeeForMessage('x')).toBe(
      null,
    )
    expect(await rpcAnswering({ result: 18_446_744_073_709_551_615n }).rpc.getBlockHeight()).toBe(
      18_446_744_073_709_551_615n,
    )
    const send = rpcAnswering({ result: SIGNATURE })
    expect(await send.rpc.sendTransaction('AQAB')).toBe(SIGNATURE)
    expect(send.requests[0]?.params).toEqual([
      'AQAB',
      { encoding: 'base64', preflightCommitment: 'confirmed' },
    ])
    const info = rpcAnswering({
      result: {
        context,
        value: { data: ['AQID', 'base64'], executable: false, lamports: 7, owner: OWNER },
      },
    })
    expect(await info.rpc.getAccountInfo('acc')).toEqual({
      owner: OWNER,
      lamports: 7n,
      data: new Uint8Array([1, 2, 3]),
    })
    expect(info.requests[0]?.params).toEqual([
      'acc',
      { commitment: 'confirmed', encoding: 'base64' },
    ])
    expect(await rpcAnswering({ result: { context, value: null } }).rpc.getAccountInfo('a')).toBe(
      null,
    )
  })

  it('reads signature statuses: unseen, pending, landed, failed', async () => {
    const status = (value: unknown) =>
      rpcAnswering({ result: { context, value } }).rpc.getSignatureStatus(SIGNATURE)
    expect(await status([null])).toBeNull()
    expect(
      await status([{ slot: 1, confirmations: 0, err: null, confirmationStatus: null }]),
    ).toEqual({ confirmationStatus: undefined, err: null })
    expect(await status([{ confirmationStatus: 'finalized' }])).toEqual({
      confirmationStatus: 'finalized',
      err: null,
    })
    expect(
      await status([{ err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' }]),
    ).toEqual({ confirmationStatus: 'confirmed', err: { InstructionError: [0, 'Custom'] } })
    const { rpc, requests } = rpcAnswering({ result: { context, value: [null] } })
    await rpc.getSignatureStatus(SIGNATURE)
    expect(requests[0]?.params).toEqual([[SIGNATURE]])
  })

  it.each([
    [
      'getLatestBlockhash',
      { context, value: { blockhash: '0OIl', lastValidBlockHeight: 1 } },
      'no blockhash',
    ],
    [
      'getLatestBlockhash',
      { context, value: { blockhash: 'x'.repeat(45), lastValidBlockHeight: 1 } },
      'no blockhash',
    ],
    ['getLatestBlockhash', { context, value: null }, 'no blockhash'],
    [
      'getLatestBlockhash',
      { context, value: { blockhash: BLOCKHASH, lastValidBlockHeight: -1 } },
      'an amount that is no u64',
    ],
    ['getLatestBlockhash', { context }, 'no value'],
    [
      'getAccountInfo',
      { context, value: { owner: 'nobody', data: ['', 'base64'], lamports: 1 } },
      'an account without an owner',
    ],
    ['getAccountInfo', { context, value: 'account' }, 'an account without an owner'],
    [
      'getAccountInfo',
      { context, value: { owner: OWNER, data: ['AQID', 'base58'], lamports: 1 } },
      'account data that is not base64',
    ],
    [
      'getAccountInfo',
      { context, value: { owner: OWNER, data: 'AQID', lamports: 1 } },
      'account data that is not base64',
    ],
    [
      'getAccountInfo',
      { context, value: { owner: OWNER, data: [7, 'base64'], lamports: 1 } },
      'account data that is not base64',
    ],
    [
      'getAccountInfo',
      { context, value: { owner: OWNER, data: ['!!!!', 'base64'], lamports: 1 } },
      'account data that is not base64',
    ],
    // Text the lenient decoder would read as fewer bytes (nothing, or 3 of `AQIDB`'s 3.75).
    [
      'getAccountInfo',
      { context, value: { owner: OWNER, data: ['/', 'base64'], lamports: 1 } },
      'account data that is not base64',
    ],
    [
      'getAccountInfo',
      { context, value: { owner: OWNER, data: ['AQIDB', 'base64'], lamports: 1 } },
      'account data that is not base64',
    ],
    [
      'getAccountInfo',
      { context, value: { owner: OWNER, data: ['AQID', 'base64'], lamports: 1.5 } },
      'an amount that is no u64',
    ],
    ['getFeeForMessage', { context, value: '5000' }, 'an amount that is no u64'],
    ['getMinimumBalanceForRentExemption', '2039280', 'an amount that is no u64'],
    ['sendTransaction', 'not a signature', 'no signature'],
    ['sendTransaction', 42, 'no signature'],
    ['getSignatureStatuses', { context, value: null }, 'no status list'],
    ['getSignatureStatuses', { context, value: [null, null] }, 'no status list'],
    ['getSignatureStatuses', { context, value: ['landed'] }, 'a status that is no object'],
    [
      'getSignatureStatuses',
      { context, value: [{ confirmationStatus: 'rooted' }] },
      'an unknown confirmation status',
    ],
    // A list whose text is a known status is still no status.
    [
      'getSignatureStatuses',
      { context, value: [{ confirmationStatus: ['finalized'] }] },
      'an unknown confirmation status',
    ],
    ['getBlockHeight', -5, 'an amount that is no u64'],
  ])('%s answered with %j: "%s"', async (method, result, why) => {
    const { rpc } = rpcAnswering({ result })
    const run: Record<string, () => Promise<unknown>> = {
      getLatestBlockhash: () => rpc.getLatestBlockhash(),
      getAccountInfo: () => rpc.getAccountInfo('a'),
      getFeeForMessage: () => rpc.getFeeForMessage('m'),
      getMinimumBalanceForRentExemption: () => rpc.getMinimumBalanceForRentExemption(165),
      sendTransaction: () => rpc.sendTransaction('w'),
      getSignatureStatuses: () => rpc.getSignatureStatus(SIGNATURE),
      getBlockHeight: () => rpc.getBlockHeight(),
    }
    const error = await caught((run[method] as () => Promise<unknown>)())
    expect(error.code).toBe('INVALID_RESPONSE')
    expect(error.message).toBe(`The Solana RPC answered ${method} with ${why}`)
    expect(error.details).toEqual({ method })
  })

  it('refuses account data of more than 14 000 000 base64 characters unread', async () => {
    const { rpc } = rpcAnswering({
      result: {
        context,
        value: { owner: OWNER, data: ['A'.repeat(14_000_004), 'base64'], lamports: 1 },
      },
    })
    expect((await caught(rpc.getAccountInfo('a'))).message).toBe(
      'The Solana RPC answered getAccountInfo with account data that is not base64',
    )
  })

  it('says a body is no JSON-RPC object, or has neither a result nor an error', async () => {
    for (const text of ['[]', '"ok"', 'null', '42']) {
      const error = await caught(rpcAnswering({ text }).rpc.getBlockHeight())
      expect(error.code).toBe('INVALID_RESPONSE')
      expect(error.message).toBe('The Solana RPC answered getBlockHeight with no JSON-RPC object')
    }
    const empty = await caught(
      rpcAnswering({ text: '{"jsonrpc":"2.0","id":1}' }).rpc.getBlockHeight(),
    )
    expect(empty.message).toBe(
      'The Solana RPC answered getBlockHeight with neither a result nor an error',
    )
  })

  it('passes on the node’s error with its code and data; a message-less one is "an error"', async () => {
    const error = await caught(
      rpcAnswering({
        text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Transaction simulation failed","data":{"logs":[]}}}',
      }).rpc.sendTransaction('w'),
    )
    expect(error.code).toBe('API_ERROR')
    expect(error.message).toBe(
      'The Solana RPC refused sendTransaction: Transaction simulation failed',
    )
    expect(error.details).toEqual({ method: 'sendTransaction', code: -32002, data: { logs: [] } })
    const bare = await caught(
      rpcAnswering({
        text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32000}}',
      }).rpc.getBlockHeight(),
    )
    expect(bare.message).toBe('The Solana RPC refused getBlockHeight: an error')
  })

  it('gives up after 30 s and aborts the request', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    const rpc = createSolanaRpc(URL, (_url, init) => {
      signal = init?.signal ?? undefined
      return new Promise(() => undefined)
    })
    const pending = caught(rpc.getBlockHeight())
    expect(SOLANA_RPC_TIMEOUT_MS).toBe(30_000)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error.code).toBe('TIMEOUT')
    expect(error.message).toBe('The Solana RPC did not answer getBlockHeight in time')
    expect(signal?.aborted).toBe(true)
  })
})

describe('u64', () => {
  it('takes 0 to 2^64 − 1, as numbers while safe and as bigints beyond', () => {
    expect(u64(0, 'm')).toBe(0n)
    expect(u64(9_007_199_254_740_991, 'm')).toBe(9_007_199_254_740_991n)
    expect(u64(18_446_744_073_709_551_615n, 'm')).toBe(18_446_744_073_709_551_615n)
    for (const value of [-1, -1n, 1.5, 2n ** 64n, 9_007_199_254_740_992, Number.NaN, '1', null]) {
      expect(() => u64(value, 'getBalance')).toThrow(
        'The Solana RPC answered getBalance with an amount that is no u64',
      )
    }
  })

  it('returns the amount itself or refuses, whatever the value', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: -(2n ** 66n), max: 2n ** 66n }),
          fc.double(),
          fc.integer(),
          fc.anything(),
        ),
        (value) => {
          const valid =
            (typeof value === 'bigint' && value >= 0n && value < 2n ** 64n) ||
            (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
          if (valid) {
            expect(u64(value, 'm')).toBe(BigInt(value as number | bigint))
          } else {
            expect(() => u64(value, 'm')).toThrow(PorticoError)
          }
        },
      ),
      RUNS,
    )
  })
})

describe('answers of any shape', () => {
  it('reads an integer beyond 2^53 exactly and refuses one beyond a u64', async () => {
    // Found by the property below (seed 2001189648): 2 ** 53 arrives as its exact digits.
    expect(await rpcAnswering({ result: { context, value: 2 ** 53 } }).rpc.getBalance('a')).toBe(
      9007199254740992n,
    )
    const tooBig = rpcAnswering({
      text: '{"jsonrpc":"2.0","id":1,"result":{"value":18446744073709551616}}',
    })
    expect((await caught(tooBig.rpc.getBalance('a'))).code).toBe('INVALID_RESPONSE')
    const max = rpcAnswering({
      text: '{"jsonrpc":"2.0","id":1,"result":{"value":18446744073709551615}}',
    })
    expect(await max.rpc.getBalance('a')).toBe(18446744073709551615n)
  })

  it('getBalance gives the u64 in `value`, or INVALID_RESPONSE, never another number', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            context: fc.constant(context),
            value: fc.bigInt({ min: -5n, max: 2n ** 65n }),
          }),
          fc.record({ context: fc.constant(context), value: fc.jsonValue() }),
          fc.jsonValue(),
        ),
        async (result) => {
          const { rpc } = rpcAnswering({ result })
          const value = (result as { value?: unknown } | null)?.value
          // A number is judged by the digits it travels as: 2 ** 53 is the exact literal
          // 9007199254740992, which the RPC reads as that bigint; 1e21 is not an integer literal.
          const wire = typeof value === 'number' ? JSON.stringify(value) : ''
          const expected =
            typeof value === 'bigint' ? value : /^\d+$/.test(wire) ? BigInt(wire) : undefined
          const valid = expected !== undefined && expected >= 0n && expected < 2n ** 64n
          const outcome = await rpc.getBalance('a').catch((error: unknown) => error)
          if (valid) expect(outcome).toBe(expected)
          else expect((outcome as PorticoError).code).toBe('INVALID_RESPONSE')
        },
      ),
      RUNS,
    )
  })

  it('any body text ends in a value or a PorticoError that says what was wrong', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc
            .record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), result: fc.jsonValue() })
            .map((v) => JSON.stringify(v)),
          fc
            .record({ error: fc.record({ code: fc.integer(), message: fc.string() }) })
            .map((v) => JSON.stringify(v)),
        ),
        async (text) => {
          const outcome = await rpcAnswering({ text })
            .rpc.getBlockHeight()
            .catch((e: unknown) => e)
          if (typeof outcome === 'bigint') {
            expect(outcome).toBe(
              BigInt((parseJsonWithBigInts(text) as { result: number | bigint }).result),
            )
          } else {
            expect(outcome).toBeInstanceOf(PorticoError)
            expect(['INVALID_RESPONSE', 'API_ERROR']).toContain((outcome as PorticoError).code)
            expect((outcome as PorticoError).message).toMatch(
              /^The Solana RPC (answered|refused) getBlockHeight/,
            )
          }
        },
      ),
      RUNS,
    )
  })

  it('account data is the exact bytes of its base64, or refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 100 }).map((bytes) => Buffer.from(bytes).toString('base64')),
          fc.string({ maxLength: 40 }),
          fc.stringMatching(/^[A-Za-z0-9+/]{0,12}={0,2}$/),
        ),
        async (data) => {
          const { rpc } = rpcAnswering({
            result: { context, value: { owner: OWNER, data: [data, 'base64'], lamports: 1 } },
          })
          const outcome = await rpc.getAccountInfo('a').catch((e: unknown) => e)
          if (outcome instanceof PorticoError) {
            expect(outcome.message).toBe(
              'The Solana RPC answered getAccountInfo with account data that is not base64',
            )
          } else {
            const bytes = (outcome as { data: Uint8Array }).data
            // What was read writes back to the very text the node sent: nothing dropped or guessed.
            expect(Buffer.from(bytes).toString('base64')).toBe(data)
          }
        },
      ),
      RUNS,
    )
  })

  it('a signature status is one of the three confirmations or none, or refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(
            fc.oneof(
              fc.constant(null),
              fc.record(
                {
                  confirmationStatus: fc.constantFrom(
                    null,
                    'processed',
                    'confirmed',
                    'finalized',
                    'rooted',
                    ['finalized'],
                    1,
                  ),
                  err: fc.oneof(fc.constant(null), fc.jsonValue()),
                },
                { requiredKeys: [] },
              ),
              fc.jsonValue(),
            ),
            { maxLength: 2 },
          ),
          fc.jsonValue(),
        ),
        async (value) => {
          const { rpc } = rpcAnswering({ result: { context, value } })
          const outcome = await rpc.getSignatureStatus(SIGNATURE).catch((e: unknown) => e)
          if (outcome instanceof PorticoError) {
            expect(outcome.code).toBe('INVALID_RESPONSE')
            return
          }
          expect(Array.isArray(value) && value.length === 1).toBe(true)
          if (outcome === null) {
            expect((value as unknown[])[0]).toBeNull()
            return
          }
          const status = outcome as { confirmationStatus: unknown; err: unknown }
          expect([undefined, 'processed', 'confirmed', 'finalized']).toContain(
            status.confirmationStatus,
          )
          const sent = (value as Record<string, unknown>[])[0] as Record<string, unknown>
          expect(status.confirmationStatus).toBe(sent.confirmationStatus ?? undefined)
          // As the node wrote it: integers beyond 2^53 inside an error are read exactly, as bigints.
          expect(status.err).toEqual(parseJsonWithBigInts(JSON.stringify(sent.err ?? null)))
        },
      ),
      RUNS,
    )
  })
})
