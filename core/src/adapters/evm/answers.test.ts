import fc from 'fast-check'
import { getAddress, isAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Connector } from '../../connectors/index.js'
import { isPorticoError } from '../../errors/index.js'
import { parseAccounts, parseChainId, parseSignature } from './answers.js'
import { createEvmAdapter } from './createEvmAdapter.js'

const RUNS = { numRuns: 1_000 }
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** What wallets have been seen to answer, and what a hostile one could. */
const hexish = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFx'), maxLength: 44 })
const answer = fc.oneof(
  fc.anything(),
  fc.array(
    fc.oneof(
      hexish,
      hexish.map((h) => `0x${h}`),
      fc.constantFrom(
        ALICE,
        ALICE.toLowerCase(),
        ALICE.toUpperCase().replace('0X', '0x'),
        '0xdead',
      ),
    ),
    { maxLength: 5 },
  ),
  fc.constantFrom(
    '0x',
    '0x0',
    '0x7a69',
    '-1',
    '1e3',
    '0x1fffffffffffff',
    '0x20000000000000',
    31337,
    -5,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    ' 0x1',
    '0X1',
    `0x${'0'.repeat(1_000)}1`,
  ),
  fc.integer(),
  fc.bigInt().map(String),
)

function throwsWalletError(run: () => unknown) {
  try {
    run()
    return false
  } catch (error) {
    return isPorticoError(error, 'WALLET_ERROR')
  }
}

describe('wallet answers (EVM)', { timeout: 30_000 }, () => {
  it('accounts: checksummed addresses, first 100, no duplicates', () => {
    expect(parseAccounts([ALICE.toLowerCase(), ALICE])).toEqual([ALICE])
    expect(parseAccounts([])).toEqual([])
    expect(parseAccounts(Array.from({ length: 5_000 }, () => ALICE))).toEqual([ALICE])
    for (const bad of ['0xdead', ALICE.replace('f39F', 'f39f'), 42, null]) {
      expect(throwsWalletError(() => parseAccounts([bad]))).toBe(true)
    }
    expect(throwsWalletError(() => parseAccounts(ALICE))).toBe(true)
  })

  it('accounts, for any answer: a WALLET_ERROR, or strict checksummed distinct addresses', () => {
    fc.assert(
      fc.property(answer, (value) => {
        let accounts: string[]
        try {
          accounts = parseAccounts(value)
        } catch (error) {
          expect(isPorticoError(error, 'WALLET_ERROR')).toBe(true)
          return
        }
        expect(accounts.length).toBeLessThanOrEqual(100)
        expect(new Set(accounts).size).toBe(accounts.length)
        for (const account of accounts) {
          expect(isAddress(account, { strict: true })).toBe(true)
          expect(getAddress(account)).toBe(account)
        }
      }),
      RUNS,
    )
  })

  it('chain id: hex, decimal text or a number, for a safe integer above 0', () => {
    expect(parseChainId('0x7a69')).toBe('31337')
    expect(parseChainId('31337')).toBe('31337')
    expect(parseChainId(1)).toBe('1')
    for (const bad of ['0x', '0x0', '-1', '1e3', ' 0x1', '0x20000000000000', 1.5, -5, 0, null]) {
      expect(throwsWalletError(() => parseChainId(bad))).toBe(true)
    }
    // A megabyte of leading zeros is no chain id, even if it would come to 1.
    expect(throwsWalletError(() => parseChainId(`0x${'0'.repeat(1_000_000)}1`))).toBe(true)
  })

  it('chain id, for any answer: a WALLET_ERROR, or the decimal of a safe integer above 0', () => {
    fc.assert(
      fc.property(answer, (value) => {
        let reference: string
        try {
          reference = parseChainId(value)
        } catch (error) {
          expect(isPorticoError(error, 'WALLET_ERROR')).toBe(true)
          return
        }
        expect(reference).toMatch(/^[1-9]\d*$/)
        expect(Number.isSafeInteger(Number(reference))).toBe(true)
      }),
      RUNS,
    )
  })

  it('signature, for any answer: a WALLET_ERROR, or whole bytes of hex', () => {
    expect(parseSignature(`0x${'ab'.repeat(65)}`)).toBe(`0x${'ab'.repeat(65)}`)
    expect(throwsWalletError(() => parseSignature('0xabc'))).toBe(true)
    expect(throwsWalletError(() => parseSignature(`0x${'ab'.repeat(60_000)}`))).toBe(true)
    fc.assert(
      fc.property(
        fc.oneof(
          answer,
          hexish.map((h) => `0x${h}`),
        ),
        (value) => {
          let signature: string
          try {
            signature = parseSignature(value)
          } catch (error) {
            expect(isPorticoError(error, 'WALLET_ERROR')).toBe(true)
            return
          }
          expect(signature).toMatch(/^0x([0-9a-fA-F]{2})+$/)
        },
      ),
      RUNS,
    )
  })

  it('connecting: garbage never becomes an account, and an empty list is no connection', async () => {
    const adapter = createEvmAdapter()
    const connectorAnswering = (accounts: unknown, chainId: unknown): Connector => ({
      id: 'x',
      name: 'x',
      type: 'ANNOUNCED',
      chain: 'eip155',
      provider: {
        request: async ({ method }) => (method === 'eth_chainId' ? chainId : accounts),
      },
    })
    const empty = await adapter.connection
      .connect(connectorAnswering([], '0x1'))
      .catch((error: unknown) => error)
    expect(isPorticoError(empty, 'WALLET_ERROR')).toBe(true)
    expect(await adapter.connection.reconnect(connectorAnswering([], '0x1'))).toBeUndefined()

    await fc.assert(
      fc.asyncProperty(answer, answer, async (accounts, chainId) => {
        try {
          const account = await adapter.connection.connect(connectorAnswering(accounts, chainId))
          expect(account.addresses.length).toBeGreaterThan(0)
          for (const address of account.addresses) {
            expect(isAddress(address, { strict: true })).toBe(true)
          }
          expect(account.chainReference).toMatch(/^[1-9]\d*$/)
        } catch (error) {
          expect(isPorticoError(error)).toBe(true)
        }
      }),
      RUNS,
    )
  })
})
