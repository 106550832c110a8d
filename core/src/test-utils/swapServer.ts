// The swap API, the chain and the wallet at the edge of the world, for the swap's unit tests: a
// swap API on one chain with a pool paying 3000 USDC an ETH, whose builds are real Router02 and
// ERC-20 calls; a JSON-RPC answering the tokens' decimals(); a wallet that records what it is
// handed. Tests replace a route to make the API hostile, fail or wait.
import { encodeFunctionData, parseAbi } from 'viem'
import { afterEach, beforeEach, vi } from 'vitest'
import type {
  AdapterEventHandlers,
  ChainAdapter,
  TransactionReceipt,
  TransactionRequest,
} from '../adapters/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { createMemoryStorage } from '../storage/index.js'
import type { SwapToken } from '../swap/types.js'
import { TEST_ACCOUNTS } from './fakeWallet.js'

type RpcRequest = { id: number; method: string; params: unknown[] }

/** ERC-20 `decimals()`. */
const DECIMALS_SELECTOR = '0x313ce567'

/** A 32-byte ABI word of a hex number or an address. */
export const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')
/** `approve(spender, amount)`, encoded by hand. */
export const approveCall = (spender: string, amount: bigint) =>
  `0x095ea7b3${word(spender)}${word(amount.toString(16))}`
/** `transfer(to, amount)`, encoded by hand. */
export const transferCall = (to: string, amount: bigint) =>
  `0xa9059cbb${word(to)}${word(amount.toString(16))}`

const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])
/** Router02's swap of the ETH sent for at least `min` of `token`, paid to `to`. */
export const ethForTokens = (min: bigint, token: string, to: string = USER) =>
  encodeFunctionData({
    abi: routerAbi,
    functionName: 'swapExactETHForTokens',
    args: [min, [WETH, token as `0x${string}`], to as `0x${string}`, DEADLINE],
  })
/** Router02's swap of `amountIn` of `token` for at least `min` ETH, paid to `to`. */
export const tokensForEth = (amountIn: bigint, min: bigint, token: string, to: string = USER) =>
  encodeFunctionData({
    abi: routerAbi,
    functionName: 'swapExactTokensForETH',
    args: [amountIn, min, [token as `0x${string}`, WETH], to as `0x${string}`, DEADLINE],
  })

export const CHAIN = 'eip155:31337'
export const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
export const USDC_ADDRESS = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
export const USDC = `${CHAIN}:${USDC_ADDRESS}`
export const ROUTER_ADDRESS = '0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba'
export const ROUTER = `${CHAIN}:${ROUTER_ADDRESS}`
export const ROUTERS = { 31337: [ROUTER_ADDRESS], 31338: [ROUTER_ADDRESS] }
/** The router's wrapped native token: the native side of a swap's path. */
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
/** Far enough ahead for every test. */
export const DEADLINE = 2n ** 40n
export const USER = TEST_ACCOUNTS[0]
export const USER_CAIP = `${CHAIN}:${USER}`
export const GWEI = 1_000_000_000n

export const networks = [
  {
    id: CHAIN,
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:9'] },
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:10'] },
  },
] as const satisfies PorticoOptions['networks']

export type Reply = Response | Promise<Response>

/**
 * The swap API of one chain with a pool paying 3000 USDC an ETH (no fee, no move: the figures
 * stay readable). Tests replace a route to make it fail or wait.
 */
export function swapServer() {
  const state = {
    allowance: 0n,
    hits: [] as string[],
    built: [] as unknown[],
    /** The requests given up while under way. */
    aborted: [] as string[],
    /** What the chain says of each token's decimals, by lower-cased address. */
    decimals: { [USDC_ADDRESS.toLowerCase()]: 6 } as Record<string, number>,
    /** The JSON-RPC requests the chain answered. */
    chainReads: [] as RpcRequest[],
  }
  const routes: Record<string, (url: URL, body: unknown) => Reply> = {
    '/v1/supported-chains': () => Response.json({ http: [CHAIN, 'eip155:31338'], ws: [] }),
    '/v1/convert/tokens': () =>
      Response.json({
        tokens: [
          { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: '' },
          { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: '' },
        ],
      }),
    '/v1/fungible/price': () =>
      Response.json({
        fungibles: [
          { address: ETH, price: 3000 },
          { address: USDC, price: 1 },
        ],
      }),
    '/v1/convert/gas-price': () =>
      Response.json({ standard: String(GWEI), fast: String(2n * GWEI), instant: '3' }),
    '/v1/convert/quotes': (url) => {
      const amount = BigInt(url.searchParams.get('amount')!)
      const selling = url.searchParams.get('from')
      const out = selling === ETH ? (amount * 3000n) / 10n ** 12n : (amount * 10n ** 12n) / 3000n
      return Response.json({ quotes: [{ id: null, toAmount: out.toString() }] })
    },
    '/v1/convert/allowance': () => Response.json({ allowance: state.allowance.toString() }),
    '/v1/convert/build-approve': (url) =>
      Response.json({
        tx: {
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          data: approveCall(ROUTER_ADDRESS, BigInt(url.searchParams.get('amount')!)),
          value: '0',
          eip155: { gasPrice: String(GWEI) },
        },
      }),
    '/v1/convert/build-transaction': (_url, body) => {
      state.built.push(body)
      const request = body as { amount: string; from: string; eip155: { slippage: number } }
      const amountIn = BigInt(request.amount)
      const selling = request.from === ETH
      const out = selling ? (amountIn * 3000n) / 10n ** 12n : (amountIn * 10n ** 12n) / 3000n
      const min = (out * BigInt(100 - request.eip155.slippage)) / 100n
      return Response.json({
        tx: {
          from: USER_CAIP,
          to: ROUTER,
          data: selling
            ? ethForTokens(min, USDC_ADDRESS)
            : tokensForEth(amountIn, min, USDC_ADDRESS),
          amount: out.toString(),
          eip155: { gas: '150000', gasPrice: String(2n * GWEI) },
        },
      })
    },
    '/v1/account/balance': () =>
      Response.json({
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: CHAIN,
            value: 30_000,
            price: 3000,
            quantity: { decimals: '18', numeric: '10' },
            iconUrl: '',
          },
          {
            name: 'USD Coin',
            symbol: 'USDC',
            chainId: CHAIN,
            address: USDC,
            value: 1000,
            price: 1,
            quantity: { decimals: '6', numeric: '1000' },
            iconUrl: '',
          },
        ],
      }),
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.host.startsWith('127.0.0.1')) return chainRead(init)
    const path = /^\/v1\/account\/[^/]+\/balance$/.test(url.pathname)
      ? '/v1/account/balance'
      : url.pathname
    state.hits.push(path)
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const route = routes[path]
    const answer = route ? route(url, body) : Response.json({ name: null, avatar: null, data: [] })
    // Like fetch: an aborted request rejects, even when the server never answers.
    let settled = false
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener(
        'abort',
        () => {
          if (!settled) state.aborted.push(path)
          reject(new Error('aborted'))
        },
        { once: true },
      )
      Promise.resolve(answer).then(resolve, reject)
    }).finally(() => {
      settled = true
    })
  }
  /** The chain's JSON-RPC: `decimals()` of the tokens in `state.decimals`. */
  function chainRead(init: RequestInit | undefined): Response {
    const request = JSON.parse(String(init?.body)) as RpcRequest
    state.chainReads.push(request)
    const [call] = request.params as [{ to: string; data: string }]
    const decimals = state.decimals[call.to.toLowerCase()]
    if (
      request.method !== 'eth_call' ||
      call.data !== DECIMALS_SELECTOR ||
      decimals === undefined
    ) {
      return Response.json({
        jsonrpc: '2.0',
        id: request.id,
        error: { code: 3, message: 'execution reverted' },
      })
    }
    return Response.json({
      jsonrpc: '2.0',
      id: request.id,
      result: `0x${word(decimals.toString(16))}`,
    })
  }
  return { state, routes, fetch }
}

/** The wallet at the edge: records what it is handed; a test decides how it answers. */
export function fakeWallet() {
  const handed: TransactionRequest[] = []
  const wallet = {
    handed,
    /** How often the SDK read the native balance. */
    nativeReads: 0,
    answer: async (_request: TransactionRequest): Promise<string> => `0x${'1'.repeat(64)}`,
    receipt: async (hash: string): Promise<TransactionReceipt> => ({ hash, status: 'success' }),
    /** What the wallet tells the SDK (another account, another chain), once connected. */
    events: undefined as AdapterEventHandlers | undefined,
  }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({ addresses: [USER], chainReference: '31337' }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: (_connector, events) => {
        wallet.events = events
        return () => undefined
      },
    },
    balances: {
      getNativeBalance: async () => {
        wallet.nativeReads++
        return { value: 10n * 10n ** 18n, decimals: 18, symbol: 'ETH', formatted: '10' }
      },
    },
    transactions: {
      sendTransaction: async (_connector, request) => {
        handed.push(request)
        return wallet.answer(request)
      },
      waitForTransaction: (hash) => wallet.receipt(hash),
    },
  }
  return { wallet, adapter }
}

export const cleanups: (() => void)[] = []
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

export function setup(options: Partial<PorticoOptions> = {}) {
  const server = swapServer()
  const { wallet, adapter } = fakeWallet()
  const client = createPortico({
    projectId: 'p',
    networks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    fetch: server.fetch,
    connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
    adapters: { eip155: async () => adapter },
    ...options,
    // The router the fixture's swaps call is the app's, on both devnet chains.
    swaps: options.swaps
      ? { routers: ROUTERS, ...options.swaps }
      : { chainIds: [31337], routers: ROUTERS },
  })
  cleanups.push(() => client.destroy())
  return { client, server, wallet }
}

/**
 * Lets fake time pass in small steps until `ready` holds (a deadline in fake time). The features'
 * lazy code (the balances' loader, the swap engine) arrives through real dynamic imports, which
 * fake time cannot hurry: each step waits for those under way, or a slow machine runs out of
 * steps before the code is here.
 */
export async function until(ready: () => boolean, ms = 5_000) {
  for (let waited = 0; !ready(); waited += 10) {
    if (waited > ms) throw new Error(`never became ready: ${String(ready)}`)
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(10)
  }
}

/** A connected client showing the swap form (tokens and quote watched), its tokens loaded. */
export async function shown(options: Partial<PorticoOptions> = {}) {
  const context = setup(options)
  const { client } = context
  await client.connection.connect({ connectorId: 'wallet' })
  cleanups.push(client.swap.$tokens.listen(() => undefined))
  cleanups.push(client.swap.$quote.listen(() => undefined))
  await until(
    () =>
      client.swap.$tokens.get().status === 'success' &&
      client.swap.$tokens.get().data?.tokens[0]?.balance === '10',
  ).catch((error) => {
    throw new Error(
      `${error.message} ${JSON.stringify(client.swap.$tokens.get())} ${context.server.state.hits}`,
    )
  })
  const token = (symbol: string) =>
    client.swap.$tokens.get().data!.tokens.find((t) => t.symbol === symbol) as SwapToken
  return { ...context, token }
}

/** Fills the form and waits out the 400 ms debounce and the answer. */
export async function quoted(
  context: Awaited<ReturnType<typeof shown>>,
  from: string,
  to: string,
  amount: string,
) {
  const { client, token } = context
  await client.swap.setSource(token(from))
  await client.swap.setTarget(token(to))
  client.swap.setAmount(amount)
  await until(() => client.swap.$quote.get().status !== 'pending')
  return client.swap.$quote.get()
}
