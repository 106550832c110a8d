import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../api/index.js'
import * as kit from '../kit.js'
import {
  allowanceAnswer,
  chainOf,
  createSwapApi,
  evmCaipAddress,
  gasPriceAnswer,
  hexData,
  priceList,
  quoteAnswer,
  swapToken,
  tokenDecimals,
  tokenList,
  transactionAnswer,
  uint256,
} from './api.js'

const RUNS = { numRuns: 1000 }
const MAX = 2n ** 256n - 1n
const USDC = 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const ROUTER = 'eip155:31337:0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba'

describe('uint256', () => {
  it('reads decimal strings and safe integers within a uint256', () => {
    expect(uint256('0')).toBe(0n)
    expect(uint256('1500000')).toBe(1_500_000n)
    expect(uint256(42)).toBe(42n)
    expect(uint256(0)).toBe(0n)
    expect(uint256(MAX.toString())).toBe(MAX)
  })

  it.each([
    ['above 2^256 - 1', (MAX + 1n).toString()],
    ['79 digits', '1'.repeat(79)],
    ['negative', '-1'],
    ['a negative number', -1],
    ['a fraction', '1.5'],
    ['a float', 1.5],
    ['an unsafe number', 2 ** 60],
    ['hex', '0x10'],
    ['empty', ''],
    ['spaces', ' 1'],
    ['a trailing space', '1 '],
    ['a trailing newline', '1\n'],
    ['a bigint', 1n],
    ['null', null],
  ])('refuses %s', (_why, value) => {
    expect(uint256(value)).toBeUndefined()
  })

  it('reads back every uint256 it is given as text, and nothing else', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX }), (n) => uint256(n.toString()) === n),
      RUNS,
    )
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const read = uint256(value)
        return read === undefined || (read >= 0n && read <= MAX)
      }),
      RUNS,
    )
  })
})

describe('tokenDecimals', () => {
  it('takes 0 to 255, as a number or a string', () => {
    expect(tokenDecimals(0)).toBe(0)
    expect(tokenDecimals('18')).toBe(18)
    expect(tokenDecimals(255)).toBe(255)
    expect(tokenDecimals(256)).toBeUndefined()
    expect(tokenDecimals('-1')).toBeUndefined()
    expect(tokenDecimals(6.5)).toBeUndefined()
  })

  it('never answers outside 0..255', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string(), fc.anything()), (value) => {
        const read = tokenDecimals(value)
        return read === undefined || (Number.isInteger(read) && read >= 0 && read <= 255)
      }),
      RUNS,
    )
  })
})

describe('hexData and evmCaipAddress', () => {
  it('take 0x and whole bytes of hex', () => {
    expect(hexData('0x')).toBe('0x')
    expect(hexData('0x095ea7b3')).toBe('0x095ea7b3')
    expect(hexData('0xABcd')).toBe('0xABcd')
    expect(hexData('0x0')).toBeUndefined()
    expect(hexData('095ea7b3')).toBeUndefined()
    expect(hexData('0xzz')).toBeUndefined()
    expect(hexData('ab0x12')).toBeUndefined()
    expect(hexData(7)).toBeUndefined()
    // A JSON answer holding the data in a list: text-like, but not text.
    expect(hexData(['0x095ea7b3'])).toBeUndefined()
  })

  it('take eip155:<chain>:0x and 40 hex digits only', () => {
    expect(evmCaipAddress(USDC)).toBe(USDC)
    expect(evmCaipAddress('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')).toBeDefined()
    expect(evmCaipAddress('eip155:0:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')).toBeUndefined()
    expect(evmCaipAddress('eip155:01:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')).toBeUndefined()
    expect(evmCaipAddress('solana:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')).toBeUndefined()
    expect(evmCaipAddress(`${USDC}0`)).toBeUndefined()
    expect(evmCaipAddress(`x${USDC}`)).toBeUndefined()
    expect(evmCaipAddress('eip155:1:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD3g')).toBeUndefined()
    expect(evmCaipAddress({})).toBeUndefined()
    expect(evmCaipAddress([USDC])).toBeUndefined()
  })

  it('accept exactly what they describe', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        (chain, bytes) => {
          const hex = Buffer.from(bytes).toString('hex')
          const address = `eip155:${chain}:0x${hex}`
          return evmCaipAddress(address) === address && hexData(`0x${hex}`) === `0x${hex}`
        },
      ),
      RUNS,
    )
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = evmCaipAddress(text)
        return read === undefined || /^eip155:\d+:0x[0-9a-fA-F]{40}$/.test(read)
      }),
      RUNS,
    )
  })

  it('chainOf gives the CAIP-2 id of a CAIP-10 address', () => {
    expect(chainOf(USDC)).toBe('eip155:31337')
  })
})

describe('the token list', () => {
  const good = {
    name: 'USD Coin (Devnet)',
    symbol: 'USDC',
    address: USDC,
    decimals: 6,
    logoUri: 'https://api.example/public/getTokenImage/USDC',
  }

  it('keeps valid tokens, drops the others, never throws', () => {
    expect(tokenList({ tokens: [good, { ...good, address: 'nope' }, 'x', null] })).toEqual([good])
    expect(tokenList({ tokens: 'no' })).toBeUndefined()
    expect(tokenList([good])).toBeUndefined()
    expect(tokenList(null)).toBeUndefined()
  })

  it('names a token by its symbol when it has no name, and drops an unsafe logo', () => {
    expect(swapToken({ ...good, name: undefined, logoUri: 'javascript:alert(1)' })).toEqual({
      ...good,
      name: 'USDC',
      logoUri: '',
    })
    expect(swapToken({ ...good, decimals: '18' })?.decimals).toBe(18)
    expect(swapToken({ ...good, symbol: undefined })).toBeUndefined()
    expect(swapToken({ ...good, decimals: 300 })).toBeUndefined()
    expect(swapToken([good])).toBeUndefined()
  })

  it('answers tokens with clean text and valid addresses for any input', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof(fc.string(), fc.constant(undefined)),
          symbol: fc.oneof(fc.string(), fc.integer()),
          address: fc.oneof(fc.constant(USDC), fc.string()),
          decimals: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.string()),
          logoUri: fc.oneof(
            fc.constantFrom('https://cdn.test/usdc.png', 'javascript:alert(1)', ''),
            fc.string(),
          ),
        }),
        (item) => {
          const read = swapToken(item)
          if (!read) return true
          return (
            read.address === USDC &&
            read.decimals >= 0 &&
            read.decimals <= 255 &&
            read.symbol.length > 0 &&
            read.symbol.length <= 32 &&
            read.name.length <= 64
          )
        },
      ),
      RUNS,
    )
  })
})

describe('the other answers', () => {
  it('prices by lower-cased address, invalid entries dropped', () => {
    const prices = priceList({
      fungibles: [
        { address: USDC, price: 1 },
        { address: 'eip155:31337:0xEeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', price: 3000 },
        { address: USDC, price: -1 },
        { address: USDC, price: Number.NaN },
        { address: USDC, price: Number.POSITIVE_INFINITY },
        { address: 'USDC', price: 1 },
        'x',
        null,
      ],
    })
    expect([...(prices ?? [])]).toEqual([
      [USDC.toLowerCase(), 1],
      ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 3000],
    ])
    expect(priceList({ fungibles: {} })).toBeUndefined()
    expect(priceList({ fungibles: [{ address: USDC, price: 0 }] })?.get(USDC.toLowerCase())).toBe(0)
  })

  it('the first quote, null when there is none', () => {
    expect(quoteAnswer({ quotes: [{ toAmount: '1494' }, { toAmount: '1' }] })).toBe(1494n)
    expect(quoteAnswer({ quotes: [] })).toBeNull()
    expect(quoteAnswer({ quotes: [{ toAmount: '-1' }] })).toBeUndefined()
    expect(quoteAnswer({ quotes: ['1494'] })).toBeUndefined()
    expect(quoteAnswer({ quotes: {} })).toBeUndefined()
    expect(quoteAnswer(null)).toBeUndefined()
  })

  it('the allowance and the gas prices', () => {
    expect(allowanceAnswer({ allowance: MAX.toString() })).toBe(MAX)
    expect(allowanceAnswer({ allowance: '1.5' })).toBeUndefined()
    expect(allowanceAnswer('1')).toBeUndefined()
    expect(gasPriceAnswer({ standard: '1', fast: '2', instant: 3 })).toEqual({
      standard: 1n,
      fast: 2n,
      instant: 3n,
    })
    expect(gasPriceAnswer({ standard: '1', fast: '2' })).toBeUndefined()
    expect(gasPriceAnswer({ standard: 'x', fast: '2', instant: '3' })).toBeUndefined()
    expect(gasPriceAnswer({ standard: '1', fast: 'x', instant: '3' })).toBeUndefined()
    expect(gasPriceAnswer([])).toBeUndefined()
  })

  it('a built transaction: optional amount and gas, refused when present but not whole', () => {
    const tx = { from: USDC, to: ROUTER, data: '0x095ea7b3' }
    expect(transactionAnswer({ tx })).toEqual({
      ...tx,
      amount: undefined,
      gas: undefined,
      gasPrice: undefined,
    })
    expect(
      transactionAnswer({
        tx: { ...tx, amount: '1494', eip155: { gas: '210000', gasPrice: '1000000000' } },
      }),
    ).toEqual({ ...tx, amount: 1494n, gas: 210_000n, gasPrice: 1_000_000_000n })
    expect(transactionAnswer({ tx: { ...tx, amount: 'lots' } })).toBeUndefined()
    expect(transactionAnswer({ tx: { ...tx, eip155: { gas: '-1' } } })).toBeUndefined()
    expect(transactionAnswer({ tx: { ...tx, eip155: { gasPrice: 1.5 } } })).toBeUndefined()
    expect(transactionAnswer({ tx: { ...tx, eip155: 'fast' } })).toBeUndefined()
    expect(transactionAnswer({ tx: { ...tx, from: 'me' } })).toBeUndefined()
    expect(transactionAnswer({ tx: { ...tx, to: 'router' } })).toBeUndefined()
    expect(transactionAnswer({ tx: { ...tx, data: 'approve' } })).toBeUndefined()
    expect(transactionAnswer({ tx: 'x' })).toBeUndefined()
    expect(transactionAnswer(null)).toBeUndefined()
  })

  it('never throws on anything', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const read of [priceList, quoteAnswer, allowanceAnswer, gasPriceAnswer]) read(value)
        transactionAnswer({ tx: value })
        transactionAnswer(value)
        tokenList({ tokens: [value] })
        return true
      }),
      RUNS,
    )
  })
})

describe('the swap endpoints', () => {
  function fakeApi() {
    const get = vi.fn(async (..._args: unknown[]) => 'answer')
    const post = vi.fn(async (..._args: unknown[]) => 'answer')
    const api = { get, post, projectId: 'p1' } as unknown as ApiClient
    return { api, get, post }
  }
  const served = new Set(['eip155:31337'])

  it('asks the routes with the spec parameters', async () => {
    const { api, get, post } = fakeApi()
    const swapApi = createSwapApi(api, served, kit)
    await swapApi.getTokens('eip155:31337')
    expect(get.mock.calls[0]?.slice(0, 2)).toEqual([
      'v1/convert/tokens',
      { chainId: 'eip155:31337' },
    ])
    await swapApi.getQuote({
      amount: 5n,
      from: USDC,
      to: ROUTER,
      userAddress: 'eip155:31337:0x1',
      gasPrice: 7n,
    })
    expect(get.mock.calls[1]?.slice(0, 2)).toEqual([
      'v1/convert/quotes',
      { amount: '5', userAddress: 'eip155:31337:0x1', from: USDC, to: ROUTER, gasPrice: '7' },
    ])
    await swapApi.getAllowance({ tokenAddress: USDC, userAddress: 'u' })
    expect(get.mock.calls[2]?.slice(0, 2)).toEqual([
      'v1/convert/allowance',
      { tokenAddress: USDC, userAddress: 'u' },
    ])
    await swapApi.getGasPrice('eip155:31337')
    expect(get.mock.calls[3]?.slice(0, 2)).toEqual([
      'v1/convert/gas-price',
      { chainId: 'eip155:31337' },
    ])
    await swapApi.buildApprove({ from: USDC, to: ROUTER, userAddress: 'u', amount: 150n })
    expect(get.mock.calls[4]?.slice(0, 2)).toEqual([
      'v1/convert/build-approve',
      { userAddress: 'u', from: USDC, to: ROUTER, amount: '150' },
    ])
    await swapApi.getPrices([USDC])
    expect(post.mock.calls[0]?.slice(0, 2)).toEqual([
      'v1/fungible/price',
      { currency: 'usd', addresses: [USDC], projectId: 'p1' },
    ])
    await swapApi.buildTransaction({
      amount: 9n,
      from: USDC,
      to: ROUTER,
      userAddress: 'u',
      slippage: 1,
      disableEstimate: false,
    })
    expect(post.mock.calls[1]?.slice(0, 2)).toEqual([
      'v1/convert/build-transaction',
      {
        projectId: 'p1',
        amount: '9',
        from: USDC,
        to: ROUTER,
        userAddress: 'u',
        eip155: { slippage: 1 },
        disableEstimate: false,
      },
    ])
  })

  it("refuses a chain that is not a swap network with the spec's messages, asking nothing", async () => {
    const { api, get, post } = fakeApi()
    const swapApi = createSwapApi(api, served, kit)
    const other = 'eip155:5:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
    await expect(swapApi.getGasPrice('eip155:5')).rejects.toThrow(
      'Network not supported for Gas Price',
    )
    await expect(
      swapApi.buildApprove({ from: other, to: other, userAddress: 'u', amount: 1n }),
    ).rejects.toThrow('Network not supported for Swaps')
    await expect(
      swapApi.buildTransaction({
        amount: 1n,
        from: other,
        to: other,
        userAddress: 'u',
        slippage: 1,
        disableEstimate: false,
      }),
    ).rejects.toMatchObject({ code: 'SWAP_NETWORK_NOT_SUPPORTED' })
    expect(get).not.toHaveBeenCalled()
    expect(post).not.toHaveBeenCalled()
  })
})
