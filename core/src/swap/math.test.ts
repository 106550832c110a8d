import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../balances/index.js'
import { PorticoError } from '../errors/index.js'
import { formatDecimal } from '../format/decimal.js'
import * as kit from '../kit.js'
import { createProblems, revertMessage } from './problems.js'
import { createQuoteMath, maxSwappable, minimumOut } from './quote.js'
import { buildTokenLists, isNativeAddress, nativeAddress, sameToken } from './tokens.js'
import type { SwapToken } from './types.js'

const RUNS = { numRuns: 1000 }
const math = createQuoteMath()
const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const USDC = `${CHAIN}:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35`

const token = (overrides: Partial<SwapToken>): SwapToken => ({
  address: USDC,
  chainId: CHAIN,
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  logoUri: '',
  price: 1,
  balance: '100',
  value: 100,
  ...overrides,
})

describe('the amount typed', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['0.5', { value: 500_000n }],
    ['.5', { value: 500_000n }],
    ['5.', { value: 5_000_000n }],
    [' 12 ', { value: 12_000_000n }],
    ['0.000001', { value: 1n }],
    ['abc', { message: { key: 'swap.amountNotNumber' } }],
    ['1e3', { message: { key: 'swap.amountNotNumber' } }],
    ['.', { message: { key: 'swap.amountNotNumber' } }],
    ['-', { message: { key: 'swap.amountNotNumber' } }],
    ['-.', { message: { key: 'swap.amountNotNumber' } }],
    ['1.2.3', { message: { key: 'swap.amountNotNumber' } }],
    ['x0.0000001', { message: { key: 'swap.amountNotNumber' } }],
    ['0.0000001x', { message: { key: 'swap.amountNotNumber' } }],
    ['-1', { message: { key: 'swap.amountNotPositive' } }],
    ['0', { message: { key: 'swap.amountNotPositive' } }],
    ['0.000', { message: { key: 'swap.amountNotPositive' } }],
    ['0.0000001', { message: { key: 'swap.tooManyDecimals', params: { decimals: 6 } } }],
  ])('%j, with 6 decimals', (text, expected) => {
    expect(math.readSwapAmount(text, 6)).toEqual(expected)
  })

  it('reads every plain amount back exactly, and never throws', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        (n, d) => {
          const text = formatDecimal(n, d)
          const read = math.readSwapAmount(text, d)
          return read !== undefined && 'value' in read && read.value === n
        },
      ),
      RUNS,
    )
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 30 }), (text, d) => {
        const read = math.readSwapAmount(text, d)
        return read === undefined || ('value' in read ? read.value > 0n : Boolean(read.message.key))
      }),
      RUNS,
    )
  })
})

describe('the quote figures', () => {
  it('minimum out is the output less the slippage, rounded down', () => {
    expect(minimumOut(1000n, 1)).toBe(990n)
    expect(minimumOut(999n, 1)).toBe(989n)
    expect(minimumOut(1000n, 0)).toBe(1000n)
    expect(minimumOut(1000n, 50)).toBe(500n)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 200n }),
        fc.integer({ min: 0, max: 50 }),
        (out, s) => {
          const min = minimumOut(out, s)
          return (
            min <= out &&
            min * 100n <= out * BigInt(100 - s) &&
            (min + 1n) * 100n > out * BigInt(100 - s)
          )
        },
      ),
      RUNS,
    )
  })

  it('Max keeps twice the estimated swap fee of the native token, never below 0', () => {
    expect(math.gasReserve(10n)).toBe(4_000_000n) // 200 000 gas × 2 × 10 wei
    expect(maxSwappable(10_000_000n, true, 4_000_000n)).toBe(6_000_000n)
    expect(maxSwappable(4_000_000n, true, 4_000_000n)).toBe(0n)
    expect(maxSwappable(1n, true, 4_000_000n)).toBe(0n)
    expect(maxSwappable(1n, false, 4_000_000n)).toBe(1n)
  })

  it('the rate is target per one whole source token, rounded down', () => {
    // 0.5 ETH (18 decimals) for 1494.5 USDC (6): 2989 USDC per ETH.
    expect(math.swapRate(5n * 10n ** 17n, 1_494_500_000n, 18, 6)).toBe('2989')
    expect(math.swapRate(3_000_000n, 10n ** 15n, 6, 18)).toBe('0.000333333333333333')
    expect(math.swapRate(0n, 5n, 6, 6)).toBe('0')
  })

  it('price impact from the USD prices, 0 when what arrives is worth more', () => {
    const eth = { decimals: 18, price: 3000 }
    const usdc = { decimals: 6, price: 1 }
    expect(math.priceImpact(10n ** 18n, eth, 2_970_000_000n, usdc)).toBeCloseTo(1, 10)
    expect(math.priceImpact(10n ** 18n, eth, 3_100_000_000n, usdc)).toBe(0)
    expect(math.priceImpact(10n ** 18n, { ...eth, price: 0 }, 1n, usdc)).toBeUndefined()
    expect(math.priceImpact(10n ** 18n, eth, 1n, { ...usdc, price: 0 })).toBeUndefined()
    expect(math.priceImpact(0n, eth, 1n, usdc)).toBeUndefined()
  })

  it('the network fee in the native token and in USD', () => {
    expect(
      math.networkFee(200_000n, 2_000_000_000n, { symbol: 'ETH', decimals: 18, price: 3000 }),
    ).toEqual({ value: 4n * 10n ** 14n, formatted: '0.0004', symbol: 'ETH', usd: 1.2 })
  })

  it('funds: the balance of the source, then the native token left for the fee', () => {
    const base = { fee: 100n, nativeSymbol: 'ETH', nativeBalance: 1000n }
    const usdc = token({ balance: '100' })
    expect(
      math.checkFunds({ ...base, amountIn: 100_000_001n, source: usdc, sourceIsNative: false }),
    ).toEqual({ key: 'swap.insufficientBalance', params: { symbol: 'USDC' } })
    expect(
      math.checkFunds({ ...base, amountIn: 100_000_000n, source: usdc, sourceIsNative: false }),
    ).toBeUndefined()
    expect(
      math.checkFunds({
        ...base,
        nativeBalance: 99n,
        amountIn: 1n,
        source: usdc,
        sourceIsNative: false,
      }),
    ).toEqual({ key: 'swap.insufficientGas', params: { symbol: 'ETH' } })
    const eth = token({ address: ETH, symbol: 'ETH', decimals: 18, balance: '0.000000000000001' })
    expect(
      math.checkFunds({ ...base, amountIn: 900n, source: eth, sourceIsNative: true }),
    ).toBeUndefined()
    expect(math.checkFunds({ ...base, amountIn: 901n, source: eth, sourceIsNative: true })).toEqual(
      { key: 'swap.insufficientGas', params: { symbol: 'ETH' } },
    )
    // Unknown balances are not refused.
    expect(
      math.checkFunds({
        ...base,
        nativeBalance: undefined,
        amountIn: 10n ** 30n,
        source: token({ balance: undefined }),
        sourceIsNative: false,
      }),
    ).toBeUndefined()
  })
})

describe('the token lists', () => {
  const apiToken = (symbol: string, address: string, decimals = 18) => ({
    name: `${symbol} token`,
    symbol,
    address,
    decimals,
    logoUri: '',
  })
  const addr = (n: number) => `${CHAIN}:0x${n.toString(16).padStart(40, '0')}`
  const balance = (address: string | undefined, numeric: string, value: number): TokenBalance => ({
    name: 'x',
    symbol: 'x',
    chainId: CHAIN,
    address,
    value,
    price: 7,
    quantity: { decimals: '18', numeric },
    iconUrl: '',
  })

  it('suggested first in their order, then popular, then the rest by symbol', () => {
    const lists = buildTokenLists({
      chainId: CHAIN,
      tokens: [
        apiToken('ZED', addr(1)),
        apiToken('LINK', addr(2)),
        apiToken('USDC', USDC, 6),
        apiToken('ABC', addr(3)),
        apiToken('UNI', addr(4)),
        apiToken('ETH', ETH),
        apiToken('ETH', ETH.toUpperCase().replace('EIP155', 'eip155')),
        apiToken('OTHER', 'eip155:1:0x0000000000000000000000000000000000000009'),
      ],
      prices: new Map([[USDC.toLowerCase(), 1]]),
      balances: undefined,
    })
    expect(lists.tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'UNI', 'LINK', 'ABC', 'ZED'])
    expect(lists.suggested.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
    expect(lists.myTokens).toEqual([])
    // Balances unknown: undefined, not 0.
    expect(lists.tokens[1]).toMatchObject({ price: 1, balance: undefined, value: 0 })
    expect(lists.tokens[0]?.price).toBe(0)
  })

  it('the rest strictly by symbol, and tokens of one symbol in the order the API gave', () => {
    const symbols = ['MID', 'ABC', 'ZED', 'KAY', 'ABC', 'BEE', 'YAK', 'ABC', 'CAT']
    const lists = buildTokenLists({
      chainId: CHAIN,
      tokens: symbols.map((symbol, n) => apiToken(symbol, addr(n + 10))),
      prices: new Map(),
      balances: undefined,
    })
    expect(
      lists.tokens.map((t) => `${t.symbol}@${Number.parseInt(t.address.slice(-4), 16)}`),
    ).toEqual([
      'ABC@11',
      'ABC@14',
      'ABC@17',
      'BEE@15',
      'CAT@18',
      'KAY@13',
      'MID@10',
      'YAK@16',
      'ZED@12',
    ])
  })

  it("yours by value, with the balances' price when the API has none", () => {
    const lists = buildTokenLists({
      chainId: CHAIN,
      tokens: [apiToken('ETH', ETH), apiToken('USDC', USDC, 6), apiToken('PTK', addr(5))],
      prices: new Map(),
      balances: [
        balance(undefined, '2', 6000),
        balance(USDC.toLowerCase(), '10000', 10_000),
        balance(addr(5), '0', 0),
        { ...balance(addr(5), '9', 99), chainId: 'eip155:1' },
      ],
    })
    expect(lists.myTokens.map((t) => [t.symbol, t.balance])).toEqual([
      ['USDC', '10000'],
      ['ETH', '2'],
    ])
    expect(lists.tokens.find((t) => t.symbol === 'PTK')).toMatchObject({ balance: '0', price: 7 })
  })

  it('a token the account does not hold has a balance of 0; a balance given twice counts once, the first', () => {
    const lists = buildTokenLists({
      chainId: CHAIN,
      tokens: [apiToken('ETH', ETH), apiToken('USDC', USDC, 6)],
      prices: new Map(),
      balances: [balance(USDC, '5', 5), balance(USDC, '9', 9)],
    })
    expect(lists.tokens.map((t) => [t.symbol, t.balance])).toEqual([
      ['ETH', '0'],
      ['USDC', '5'],
    ])
  })

  it('addresses: native, same token whatever the case', () => {
    expect(nativeAddress(CHAIN)).toBe(ETH)
    expect(isNativeAddress(ETH.toUpperCase().replace('0X', '0x'))).toBe(true)
    expect(isNativeAddress(USDC)).toBe(false)
    expect(sameToken({ address: USDC }, { address: USDC.toLowerCase() })).toBe(true)
    expect(sameToken({ address: USDC }, { address: ETH })).toBe(false)
    expect(sameToken(undefined, { address: ETH })).toBe(false)
    expect(sameToken({ address: ETH }, undefined)).toBe(false)
  })
})

describe('what a failure tells the user', () => {
  const problems = createProblems(kit)
  const apiError = (serverMessage: string) =>
    new PorticoError('API_ERROR', 'refused', { details: { serverMessage } })

  it("maps the chain's revert reasons", () => {
    expect(revertMessage(undefined, 1)).toBeUndefined()
    expect(revertMessage('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT', 2)).toEqual({
      key: 'swap.priceMoved',
      params: { slippage: 2 },
    })
    expect(revertMessage('UniswapV2Router: EXPIRED', 1)).toEqual({ key: 'swap.expired' })
    expect(revertMessage('TransferHelper: TRANSFER_FROM_FAILED', 1)).toEqual({
      key: 'swap.reverted',
      params: { reason: 'TransferHelper: TRANSFER_FROM_FAILED' },
    })
  })

  it("the API's refusals: the catalogue's network errors, liquidity and balance as messages", () => {
    expect(problems.apiProblem(apiError('Network not supported for Swaps'), 'USDC')).toMatchObject({
      code: 'SWAP_NETWORK_NOT_SUPPORTED',
      message: 'Network not supported for Swaps',
    })
    expect(
      problems.apiProblem(apiError('Network not supported for Gas Price'), 'USDC'),
    ).toMatchObject({
      code: 'GAS_PRICE_NETWORK_NOT_SUPPORTED',
      message: 'Network not supported for Gas Price',
    })
    const liquidity = problems.apiProblem(
      apiError('insufficient liquidity: no pool route from JUNK to USDC'),
      'JUNK',
    )
    expect(liquidity.code).toBe('API_ERROR')
    expect(liquidity.details).toMatchObject({
      serverMessage: 'insufficient liquidity: no pool route from JUNK to USDC',
      message: { key: 'swap.insufficientLiquidity' },
    })
    expect(
      problems.apiProblem(apiError('Not enough balance: 1 USDC'), 'USDC').details?.message,
    ).toEqual({ key: 'swap.insufficientBalance', params: { symbol: 'USDC' } })
    const other = apiError('amount must be above 0')
    expect(problems.apiProblem(other, 'USDC')).toBe(other)
    const timeout = new PorticoError('TIMEOUT', 'slow')
    expect(problems.apiProblem(timeout, 'USDC')).toBe(timeout)
    const noWords = new PorticoError('API_ERROR', 'refused')
    expect(problems.apiProblem(noWords, 'USDC')).toBe(noWords)
    const thrown = problems.apiProblem(new TypeError('boom'), 'USDC')
    expect(thrown).toMatchObject({ code: 'UNKNOWN_ERROR' })
    expect(thrown.cause).toBeInstanceOf(TypeError)
  })

  it('reads only API refusals with words, keeping the original as the cause', () => {
    const said = 'insufficient liquidity: no pool route from JUNK to USDC'
    const timeout = new PorticoError('API_TIMEOUT', 'slow', { details: { serverMessage: said } })
    expect(problems.apiProblem(timeout, 'USDC')).toBe(timeout)
    const odd = new PorticoError('API_ERROR', 'refused', { details: { serverMessage: 42 } })
    expect(problems.apiProblem(odd, 'USDC')).toBe(odd)
    const refused = apiError('Network not supported for Swaps')
    expect(problems.apiProblem(refused, 'USDC').cause).toBe(refused)
    const gas = apiError('Network not supported for Gas Price')
    expect(problems.apiProblem(gas, 'USDC').cause).toBe(gas)
    expect(problems.asError('boom').message).toBe('Unexpected error')
  })

  it('a failed transaction says why, keeping a message it already has', () => {
    const reverted = new PorticoError('WALLET_ERROR', 'The transaction failed on chain', {
      details: { reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT', hash: '0x1' },
    })
    expect(problems.transactionProblem(reverted, 1).details).toEqual({
      reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
      hash: '0x1',
      message: { key: 'swap.priceMoved', params: { slippage: 1 } },
    })
    const explained = new PorticoError('WALLET_ERROR', 'x', {
      details: { reason: 'EXPIRED', message: { key: 'other' } },
    })
    expect(problems.transactionProblem(explained, 1)).toBe(explained)
    const declined = new PorticoError('USER_REJECTED', 'no')
    expect(problems.transactionProblem(declined, 1)).toBe(declined)
    const odd = new PorticoError('WALLET_ERROR', 'x', { details: { reason: 42 } })
    expect(problems.transactionProblem(odd, 1)).toBe(odd)
  })
})
