import {
  BaseError,
  decodeFunctionData,
  encodeAbiParameters,
  encodeErrorResult,
  hexToBigInt,
  hexToString,
  numberToHex,
  parseAbi,
} from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../../errors/index.js'
import type { PorticoNetwork } from '../../options/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../../test-utils/fakeWallet.js'
import type { PreparedTransfer } from '../types.js'
import { createEvmAdapter } from './createEvmAdapter.js'
import { RECEIPT_TIMEOUT_MS, revertReason } from './transactions.js'

// The EVM adapter's reads, transfers and transactions against a JSON-RPC node faked at `fetch`
// (answers shaped as anvil's), and an EIP-1193 wallet faked in memory.

const [ALICE, BOB] = TEST_ACCOUNTS
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HASH = `0x${'ab'.repeat(32)}` as const
const network: PorticoNetwork = {
  id: 'eip155:31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { http: ['http://127.0.0.1:8545'] },
  blockExplorers: [{ name: 'Devscan', url: 'https://devscan.test' }],
}
const transferAbi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)'])
const expired = encodeErrorResult({
  abi: parseAbi(['error Error(string)']),
  errorName: 'Error',
  args: ['UniswapV2Router: EXPIRED'],
})

type RpcError = { code: number; message: string; data?: unknown }
type Handler = (params: unknown[]) => unknown

/** An EVM node at `fetch`: each method answered from `handlers`, errors as JSON-RPC errors. */
function evmNode(overrides: Record<string, Handler> = {}) {
  const calls: { method: string; params: unknown[] }[] = []
  const handlers: Record<string, Handler> = {
    eth_chainId: () => '0x7a69',
    eth_getBalance: () => numberToHex(1_500_000_000_000_000_000n),
    eth_call: () => encodeAbiParameters([{ type: 'bool' }], [true]),
    eth_estimateGas: () => numberToHex(21_000n),
    eth_gasPrice: () => numberToHex(2_000_000_000n),
    eth_blockNumber: () => '0xa',
    eth_getTransactionReceipt: () => receipt('0x1'),
    eth_getTransactionByHash: () => ({
      hash: HASH,
      from: ALICE.toLowerCase(),
      to: TOKEN.toLowerCase(),
      input: '0x1234',
      value: '0x0',
      gas: '0x5208',
      gasPrice: '0x1',
      nonce: '0x0',
      blockHash: HASH,
      blockNumber: '0x9',
      transactionIndex: '0x0',
      type: '0x0',
      chainId: '0x7a69',
      v: '0x1b',
      r: '0x1',
      s: '0x1',
    }),
    ...overrides,
  }
  const fetchFn = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }
    calls.push({ method: body.method, params: body.params })
    const handler = handlers[body.method]
    try {
      if (!handler) throw { code: -32601, message: 'Method not found' }
      return Response.json({ jsonrpc: '2.0', id: body.id, result: await handler(body.params) })
    } catch (error) {
      return Response.json({ jsonrpc: '2.0', id: body.id, error: error as RpcError })
    }
  })
  return { fetch: fetchFn as unknown as typeof fetch, calls, handlers }
}

function receipt(status: '0x1' | '0x0') {
  return {
    transactionHash: HASH,
    blockHash: HASH,
    blockNumber: '0x9',
    from: ALICE.toLowerCase(),
    to: TOKEN.toLowerCase(),
    gasUsed: '0x5208',
    cumulativeGasUsed: '0x5208',
    effectiveGasPrice: '0x1',
    logs: [],
    logsBloom: `0x${'0'.repeat(512)}`,
    status,
    transactionIndex: '0x0',
    type: '0x0',
    contractAddress: null,
  }
}

function setup(overrides?: Record<string, Handler>) {
  const node = evmNode(overrides)
  const wallet = createFakeWallet({ authorized: true })
  const connector = {
    id: 'injected',
    name: 'Injected',
    type: 'INJECTED' as const,
    chain: 'eip155' as const,
    provider: wallet.provider,
  }
  return { node, wallet, connector, adapter: createEvmAdapter({ fetch: node.fetch }) }
}

async function caught(promise: Promise<unknown> | undefined): Promise<PorticoError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return error as PorticoError
  }
  throw new Error('expected a rejection')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('EVM balances and wallet calls', () => {
  it('reads the native balance with 18 decimals', async () => {
    const { adapter, node } = setup()
    expect(await adapter.balances?.getNativeBalance(ALICE.toLowerCase(), network)).toEqual({
      value: 1_500_000_000_000_000_000n,
      decimals: 18,
      symbol: 'ETH',
      formatted: '1.5',
    })
    expect(node.calls[0]).toEqual({ method: 'eth_getBalance', params: [ALICE, 'latest'] })
    const noUrl = await caught(
      adapter.balances?.getNativeBalance(ALICE, { ...network, rpcUrls: { http: [] } }),
    )
    expect(noUrl.code).toBe('NETWORK_NOT_FOUND')
  })

  it('signs with personal_sign: the message as hex and the checksummed address', async () => {
    const { adapter, wallet, connector } = setup()
    const signature = `0x${'11'.repeat(65)}`
    wallet.override('personal_sign', () => signature)
    expect(await adapter.signing?.signMessage(connector, ALICE.toLowerCase(), 'hello')).toBe(
      signature,
    )
    const params = wallet.calls.at(-1)?.params as [`0x${string}`, string]
    expect(hexToString(params[0])).toBe('hello')
    expect(params[1]).toBe(ALICE)
    wallet.override('personal_sign', () => '0x123')
    expect((await caught(adapter.signing?.signMessage(connector, ALICE, 'x'))).message).toBe(
      'The wallet answered with an invalid signature',
    )
    wallet.override('personal_sign', () => {
      throw { code: 4001, message: 'User denied' }
    })
    const rejected = await caught(adapter.signing?.signMessage(connector, ALICE, 'x'))
    expect(rejected.code).toBe('USER_REJECTED')
    expect(rejected.message).toBe('The wallet rejected the signature request')
  })

  it('passes requests to the wallet and its refusals back as PorticoErrors', async () => {
    const { adapter, wallet, connector } = setup()
    expect(await adapter.signing?.request(connector, 'eth_chainId')).toBe('0x7a69')
    wallet.override('eth_sign', () => {
      throw { code: 4200, message: 'Unsupported method eth_sign' }
    })
    const error = await caught(adapter.signing?.request(connector, 'eth_sign', []))
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet failed the eth_sign: Unsupported method eth_sign')
    const bare = { ...connector, provider: undefined }
    expect((await caught(adapter.signing?.request(bare, 'eth_chainId'))).message).toBe(
      'Injected has no provider to talk to',
    )
  })

  it('adds a chain the wallet does not know, then switches to it', async () => {
    const { adapter, wallet, connector } = setup()
    const other = { ...network, id: 'eip155:4242' as const, name: 'Other' }
    await adapter.networks?.switchNetwork(connector, other)
    expect(wallet.calls.map((c) => c.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.calls[1]?.params).toEqual([
      {
        chainId: '0x1092',
        chainName: 'Other',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8545'],
        blockExplorerUrls: ['https://devscan.test'],
      },
    ])
    expect(wallet.state.chainId).toBe(4242)
    wallet.override('wallet_addEthereumChain', () => {
      throw { code: 4001, message: 'no' }
    })
    const refused = await caught(
      adapter.networks?.switchNetwork(connector, { ...other, id: 'eip155:4343' }),
    )
    expect(refused.code).toBe('UNSUPPORTED_CHAIN')
    expect((refused.cause as PorticoError).code).toBe('USER_REJECTED')
    wallet.reset('wallet_addEthereumChain')
    wallet.override('wallet_switchEthereumChain', (params) => {
      const id = (params as [{ chainId: string }])[0].chainId
      if (id === '0x10f7' && !wallet.state.known.has(4343)) throw { code: 4902, message: 'unknown' }
      throw { code: -32603, message: 'Switch failed' }
    })
    const failed = await caught(
      adapter.networks?.switchNetwork(connector, { ...other, id: 'eip155:4343' }),
    )
    expect(failed.message).toBe('The wallet failed the network switch: Switch failed')
  })

  it('asks the wallet for its assets only when it offers asset discovery for the chain', async () => {
    const { adapter, wallet, connector } = setup()
    expect(await adapter.balances?.getWalletAssets?.(connector, ALICE, network)).toBeUndefined()
    wallet.override('wallet_getCapabilities', () => ({
      '0x7a69': { assetDiscovery: { supported: false } },
    }))
    expect(await adapter.balances?.getWalletAssets?.(connector, ALICE, network)).toBeUndefined()
    wallet.override('wallet_getCapabilities', () => ({
      '0x7a69': { assetDiscovery: { supported: true } },
    }))
    wallet.override('wallet_getAssets', () => ({ '0x7a69': [] }))
    expect(
      await adapter.balances?.getWalletAssets?.(connector, ALICE.toLowerCase(), network),
    ).toEqual({
      chainKey: '0x7a69',
      response: { '0x7a69': [] },
    })
    expect(wallet.calls.at(-1)?.params).toEqual([{ account: ALICE, chainFilter: ['0x7a69'] }])
  })
})

describe('EVM wallet events', () => {
  it('follows accounts, chain and disconnect until unsubscribed; malformed events change nothing', () => {
    const { adapter, wallet, connector } = setup()
    const seen: unknown[][] = []
    const stop = adapter.connection.subscribe(connector, {
      accountsChanged: (accounts) => seen.push(['accounts', accounts]),
      chainChanged: (chain) => seen.push(['chain', chain]),
      disconnect: () => seen.push(['disconnect']),
    })
    wallet.emit('accountsChanged', [ALICE.toLowerCase()])
    wallet.emit('chainChanged', '0x7a6a')
    wallet.emit('chainChanged', 'not a chain')
    wallet.emit('accountsChanged', ['not an address'])
    wallet.emit('disconnect')
    expect(seen).toEqual([['accounts', [ALICE]], ['chain', '31338'], ['disconnect']])
    stop()
    wallet.emit('chainChanged', '0x1')
    wallet.emit('disconnect')
    expect(seen).toHaveLength(3)
  })

  it('subscribes to a wallet without events (no `on`, no `removeListener`) without failing', () => {
    const { adapter } = setup()
    const silent = {
      id: 'silent',
      name: 'Silent',
      type: 'INJECTED' as const,
      chain: 'eip155' as const,
      provider: { request: async () => null },
    }
    const handlers = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnect: vi.fn() }
    const stop = adapter.connection.subscribe(silent as never, handlers)
    expect(() => stop()).not.toThrow()
  })
})

describe('EVM transfers', () => {
  const transfer = (tokenAddress: string | undefined, noReturnTransfer = false) => ({
    from: ALICE,
    to: BOB,
    tokenAddress,
    amount: 2_500_000n,
    network,
    noReturnTransfer,
  })

  it('prepares a native transfer for this chain with its gas and fee', async () => {
    const { adapter, node } = setup()
    const prepared = (await adapter.transfers?.prepareTransfer(
      transfer(undefined),
    )) as PreparedTransfer
    expect(prepared).toEqual({
      chainId: 'eip155:31337',
      from: ALICE,
      request: { chainId: '0x7a69', from: ALICE, to: BOB, value: '0x2625a0', gas: '0x5208' },
      fee: { value: 42_000_000_000_000n, formatted: '0.000042', symbol: 'ETH' },
    })
    expect(node.calls.map((c) => c.method)).not.toContain('eth_call')
  })

  it('prepares a token transfer: transfer(to, amount) sent to the token, simulated first', async () => {
    const { adapter, node, wallet, connector } = setup()
    const prepared = (await adapter.transfers?.prepareTransfer(
      transfer(TOKEN.toLowerCase()),
    )) as PreparedTransfer
    expect(prepared.request.to).toBe(TOKEN)
    expect(prepared.request.value).toBe('0x0')
    const decoded = decodeFunctionData({
      abi: transferAbi,
      data: prepared.request.data as `0x${string}`,
    })
    expect(decoded.args).toEqual([BOB, 2_500_000n])
    expect(node.calls[0]?.method).toBe('eth_call')
    wallet.override('eth_sendTransaction', () => HASH)
    expect(await adapter.transfers?.sendTransfer(connector, prepared)).toBe(HASH)
    expect(wallet.calls.at(-1)?.params).toEqual([prepared.request])
    wallet.override('eth_sendTransaction', () => '0x1234')
    expect((await caught(adapter.transfers?.sendTransfer(connector, prepared))).message).toBe(
      'The wallet answered with an invalid transaction hash',
    )
    wallet.override('eth_sendTransaction', () => {
      throw { code: 4001, message: 'denied' }
    })
    expect((await caught(adapter.transfers?.sendTransfer(connector, prepared))).message).toBe(
      'The wallet rejected the transaction',
    )
  })

  it('refuses a token transfer that returns false, reverts, or cannot be estimated', async () => {
    const falseToken = setup({ eth_call: () => encodeAbiParameters([{ type: 'bool' }], [false]) })
    const error = await caught(falseToken.adapter.transfers?.prepareTransfer(transfer(TOKEN)))
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('This transfer would fail: the chain refused it')
    const reverting = setup({
      eth_call: () => {
        throw {
          code: 3,
          message: 'execution reverted: ERC20: transfer amount exceeds balance',
          data: '0x',
        }
      },
    })
    const reverted = await caught(reverting.adapter.transfers?.prepareTransfer(transfer(TOKEN)))
    expect(reverted.message).toMatch(/^This transfer would fail: /)
    expect(reverted.message).toContain('transfer amount exceeds balance')
    const noGas = setup({
      eth_estimateGas: () => {
        throw { code: -32000, message: 'insufficient funds for gas * price + value' }
      },
    })
    expect(
      (await caught(noGas.adapter.transfers?.prepareTransfer(transfer(undefined)))).message,
    ).toMatch(/^This transfer would fail: /)
  })

  it("refuses a token amount read with other decimals than the token's on chain", async () => {
    // decimals() answers 6 (a USDC); transfer() answers true.
    const sixDecimals = (params: unknown) => {
      const [call] = params as [{ data: string }]
      return call.data === '0x313ce567'
        ? encodeAbiParameters([{ type: 'uint8' }], [6])
        : encodeAbiParameters([{ type: 'bool' }], [true])
    }
    const honest = setup({ eth_call: sixDecimals })
    const prepared = await honest.adapter.transfers?.prepareTransfer({
      ...transfer(TOKEN),
      decimals: 6,
    })
    expect(prepared?.request.to).toBe(TOKEN)
    const lying = setup({ eth_call: sixDecimals })
    const error = await caught(
      lying.adapter.transfers?.prepareTransfer({ ...transfer(TOKEN), decimals: 18 }),
    )
    expect(error.code).toBe('TOKEN_DECIMALS_MISMATCH')
    expect(error.details).toEqual({ token: TOKEN, given: 18, chain: 6 })
    // Nothing else was asked of the chain: no simulation, no estimate for a refused amount.
    expect(lying.node.calls.map((c) => c.method)).toEqual(['eth_call'])
    const unreadable = setup({
      eth_call: () => {
        throw { code: 3, message: 'execution reverted', data: '0x' }
      },
    })
    expect(
      (
        await caught(
          unreadable.adapter.transfers?.prepareTransfer({ ...transfer(TOKEN), decimals: 6 }),
        )
      ).code,
    ).toBe('CONTRACT_READ_FAILED')
  })

  it('decodes USDT’s transfer that returns nothing with the ABI without outputs', async () => {
    const { adapter } = setup({ eth_call: () => '0x' })
    const prepared = await adapter.transfers?.prepareTransfer(transfer(TOKEN, true))
    expect(prepared?.request.to).toBe(TOKEN)
    const strict = setup({ eth_call: () => '0x' })
    expect((await caught(strict.adapter.transfers?.prepareTransfer(transfer(TOKEN)))).code).toBe(
      'WALLET_ERROR',
    )
  })

  it('waits for the receipt', async () => {
    const { adapter } = setup()
    expect(await adapter.transfers?.waitForTransfer(HASH, network)).toEqual({
      hash: HASH,
      status: 'success',
    })
  })
})

describe('EVM transactions built elsewhere', () => {
  const request = { from: ALICE, to: TOKEN, data: '0x1234', value: 5n, gas: 100_000n }

  it('simulates, then hands the wallet the transaction for this chain', async () => {
    const { adapter, node, wallet, connector } = setup()
    wallet.override('eth_sendTransaction', () => HASH)
    expect(await adapter.transactions?.sendTransaction(connector, request, network)).toBe(HASH)
    expect(node.calls[0]?.method).toBe('eth_call')
    expect(wallet.calls.at(-1)?.params).toEqual([
      { chainId: '0x7a69', from: ALICE, to: TOKEN, value: '0x5', data: '0x1234', gas: '0x186a0' },
    ])
    await adapter.transactions?.sendTransaction(connector, { from: ALICE, to: BOB }, network)
    expect(wallet.calls.at(-1)?.params).toEqual([
      { chainId: '0x7a69', from: ALICE, to: BOB, value: '0x0' },
    ])
  })

  it('refuses a transaction that would revert, with the contract’s reason, before the wallet sees it', async () => {
    const { adapter, wallet, connector } = setup({
      eth_call: () => {
        throw { code: 3, message: 'execution reverted: UniswapV2Router: EXPIRED', data: expired }
      },
    })
    const error = await caught(adapter.transactions?.sendTransaction(connector, request, network))
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('This transaction would fail: UniswapV2Router: EXPIRED')
    expect(error.details).toEqual({ reason: 'UniswapV2Router: EXPIRED' })
    expect(wallet.calls.map((c) => c.method)).not.toContain('eth_sendTransaction')
    const bad = await caught(
      adapter.transactions?.sendTransaction(connector, { ...request, data: 'zz' }, network),
    )
    expect(bad.code).toBe('INVALID_INPUT')
    expect(bad.message).toBe('The transaction data is not hex')
    // A malformed address is the caller's mistake, said in the SDK's words, not viem's.
    const badTo = await caught(
      adapter.transactions?.sendTransaction(connector, { ...request, to: '0x12' }, network),
    )
    expect(badTo.code).toBe('INVALID_INPUT')
    expect(badTo.message).toBe("The transaction's receiver is not an address")
    const badFrom = await caught(
      adapter.transactions?.sendTransaction(connector, { ...request, from: 'alice' }, network),
    )
    expect(badFrom.message).toBe("The transaction's sender is not an address")
    expect(wallet.calls.map((c) => c.method)).not.toContain('eth_sendTransaction')
  })

  it('says when the chain refused without a reason, and when the wallet answered no hash', async () => {
    const { adapter, wallet, connector } = setup({
      eth_call: () => {
        throw { code: -32000, message: 'out of gas' }
      },
    })
    const error = await caught(adapter.transactions?.sendTransaction(connector, request, network))
    expect(error.message).toBe('This transaction would fail: the chain refused it')
    expect(error.details).toEqual({})
    const ok = setup()
    ok.wallet.override('eth_sendTransaction', () => 42)
    expect(
      (await caught(ok.adapter.transactions?.sendTransaction(ok.connector, request, network)))
        .message,
    ).toBe('The wallet answered with an invalid transaction hash')
    ok.wallet.override('eth_sendTransaction', () => {
      throw { code: 4001, message: 'denied' }
    })
    expect(
      (await caught(ok.adapter.transactions?.sendTransaction(ok.connector, request, network))).code,
    ).toBe('USER_REJECTED')
    expect(wallet.calls).toEqual([])
  })

  it('reads a reverted transaction’s reason by running it again at its block', async () => {
    const { adapter, node } = setup({
      eth_getTransactionReceipt: () => receipt('0x0'),
      eth_call: () => {
        throw { code: 3, message: 'execution reverted', data: expired }
      },
    })
    expect(await adapter.transactions?.waitForTransaction(HASH, network)).toEqual({
      hash: HASH,
      status: 'reverted',
      reason: 'UniswapV2Router: EXPIRED',
    })
    const replay = node.calls.find((c) => c.method === 'eth_call')
    expect(replay?.params[1]).toBe('0x9')
    expect(replay?.params[0]).toMatchObject({ data: '0x1234' })
    const silent = setup({ eth_getTransactionReceipt: () => receipt('0x0') })
    expect(await silent.adapter.transactions?.waitForTransaction(HASH, network)).toEqual({
      hash: HASH,
      status: 'reverted',
    })
    const ok = setup()
    expect(await ok.adapter.transactions?.waitForTransaction(HASH, network)).toEqual({
      hash: HASH,
      status: 'success',
    })
  })

  it('says when a receipt cannot be read', async () => {
    vi.useFakeTimers()
    const { adapter } = setup({
      eth_getTransactionReceipt: () => {
        throw { code: -32602, message: 'Invalid params' }
      },
      eth_getTransactionByHash: () => {
        throw { code: -32602, message: 'Invalid params' }
      },
    })
    const pending = caught(adapter.transactions?.waitForTransaction(HASH, network))
    // viem retries the lookup a few times with backoff, well within the 120 s wait.
    await vi.advanceTimersByTimeAsync(60_000)
    const error = await pending
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The transaction receipt could not be read')
    expect(error.details).toEqual({ hash: HASH })
  })

  it('gives up after 120 s, naming the hash', async () => {
    vi.useFakeTimers()
    const { adapter } = setup({ eth_getTransactionReceipt: () => null })
    expect(RECEIPT_TIMEOUT_MS).toBe(120_000)
    const pending = caught(adapter.transactions?.waitForTransaction(HASH, network))
    await vi.advanceTimersByTimeAsync(120_000)
    const error = await pending
    expect(error.code).toBe('TIMEOUT')
    expect(error.message).toBe('The transaction was not mined within 120 s')
    expect(error.details).toEqual({ hash: HASH })
  })

  it('reads no reason from what is not a viem error', () => {
    expect(revertReason(new Error('execution reverted: x'))).toBeUndefined()
    expect(revertReason(hexToBigInt('0x1'))).toBeUndefined()
  })
})

describe('the reason a transaction would fail', () => {
  const request = { from: ALICE, to: TOKEN, data: '0x1234', value: 0n }
  const refusal = async (error: RpcError) => {
    const { adapter, connector } = setup({
      eth_call: () => {
        throw error
      },
    })
    return caught(adapter.transactions?.sendTransaction(connector, request, network))
  }

  it('is read from revert data a wallet nests in its own error', async () => {
    // MetaMask's shape: its own -32603 around the node's error, whose `data` holds the revert data.
    const error = await refusal({
      code: -32603,
      message: 'Internal JSON-RPC error.',
      data: { code: 3, message: 'execution reverted', data: expired },
    })
    expect(error.message).toBe('This transaction would fail: UniswapV2Router: EXPIRED')
    expect(error.details).toEqual({ reason: 'UniswapV2Router: EXPIRED' })
  })

  it('is read from the node’s message when no revert data came back', async () => {
    const geth = await refusal({ code: 3, message: 'execution reverted: UniswapV2Router: EXPIRED' })
    expect(geth.message).toBe('This transaction would fail: UniswapV2Router: EXPIRED')
    expect(geth.details).toEqual({ reason: 'UniswapV2Router: EXPIRED' })
    // Hardhat says it in a message viem does not recognise: only the error's details carry it.
    const hardhat = await refusal({
      code: -32603,
      message:
        "VM Exception while processing transaction: reverted with reason string 'ERC20: insufficient allowance'",
    })
    expect(hardhat.message).toBe('This transaction would fail: ERC20: insufficient allowance')
    expect(hardhat.details).toEqual({ reason: 'ERC20: insufficient allowance' })
  })

  it('is the outermost revert data that decodes, a panic named by its code', () => {
    const panic = encodeErrorResult({
      abi: parseAbi(['error Panic(uint256)']),
      errorName: 'Panic',
      args: [17n],
    })
    expect(revertReason(Object.assign(new BaseError('call failed'), { data: panic }))).toBe(
      'panic 17',
    )
    // The error that carries the call's own revert data wraps what it was built from: an inner
    // error's data does not replace the reason already read.
    const inner = Object.assign(new Error('inner'), { data: panic })
    const outer = Object.assign(new BaseError('reverted', { cause: inner }), { data: expired })
    expect(revertReason(new BaseError('call failed', { cause: outer }))).toBe(
      'UniswapV2Router: EXPIRED',
    )
  })

  it('is shown as plain text of at most 200 characters', () => {
    const said = (text: string) =>
      revertReason(
        Object.assign(new BaseError('call failed'), {
          data: encodeErrorResult({
            abi: parseAbi(['error Error(string)']),
            errorName: 'Error',
            args: [text],
          }),
        }),
      )
    expect(said(`Pool: ${'x'.repeat(300)}`)).toBe(`Pool: ${'x'.repeat(194)}`)
    expect(said('Pool:\u202E LOCKED\u200B')).toBe('Pool: LOCKED')
    // A reason of nothing visible is no reason.
    expect(said('\u200B')).toBeUndefined()
  })

  it('is looked for by simulating the very transaction the wallet would send', async () => {
    const { adapter, node, wallet, connector } = setup()
    wallet.override('eth_sendTransaction', () => HASH)
    await adapter.transactions?.sendTransaction(
      connector,
      { from: ALICE, to: TOKEN, data: '0x1234', value: 5n, gas: 100_000n },
      network,
    )
    const simulated = node.calls.find((c) => c.method === 'eth_call')?.params[0]
    expect(simulated).toMatchObject({ data: '0x1234', value: '0x5', gas: '0x186a0' })
    const { from, to } = simulated as { from: string; to: string }
    expect([from.toLowerCase(), to.toLowerCase()]).toEqual([
      ALICE.toLowerCase(),
      TOKEN.toLowerCase(),
    ])
  })

  it('of a mined transaction is looked for by running it again as it was sent', async () => {
    const { adapter, node } = setup({ eth_getTransactionReceipt: () => receipt('0x0') })
    await adapter.transactions?.waitForTransaction(HASH, network)
    const replay = node.calls.find((c) => c.method === 'eth_call')?.params[0]
    expect(replay).toMatchObject({ data: '0x1234', value: '0x0', gas: '0x5208' })
    const { from, to } = replay as { from: string; to: string }
    expect([from.toLowerCase(), to.toLowerCase()]).toEqual([
      ALICE.toLowerCase(),
      TOKEN.toLowerCase(),
    ])
  })
})
