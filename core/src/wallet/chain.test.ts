// @vitest-environment happy-dom
import { encodeAbiParameters, encodeErrorResult, encodeFunctionData, type Hex } from 'viem'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFakeRpc, type FakeRpc, RpcFailure, receiptOf } from '../test-utils/fakeRpc.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN_NETWORKS } from '../test-utils/offline.js'
import { revertReason } from './actions.js'
import { deadlineOf } from './calls.js'
import { viemChain } from './clients.js'

// The app's calls against a fake node (the edge of the world) that the test scripts: what is
// read, simulated, sent and mined, and what Portico reads again afterwards.
const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
  await import('../connection/lazy.js')
  await import('./lazy.js')
}, 30_000)
afterEach(() => {
  vi.useRealTimers()
})

const [ALICE, BOB] = TEST_ACCOUNTS
const BOOK = '0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84'
const HASH = `0x${'ab'.repeat(32)}` as Hex
const ABI = [
  {
    type: 'function',
    name: 'count',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'sign',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'message', type: 'string' }],
    outputs: [],
  },
  { type: 'error', name: 'MessageTooLong', inputs: [{ name: 'length', type: 'uint256' }] },
] as const

function setup() {
  const rpc: FakeRpc = createFakeRpc()
  const networks = DOWN_NETWORKS.slice(0, 2).map((n) => ({ ...n, rpcUrls: { http: [rpc.url] } }))
  const wallet = createFakeWallet()
  const { client } = createOfflinePortico(cleanup, {
    networks: networks as never,
    fetch: rpc.fetch,
    connectors: [{ id: 'fake', name: 'Fake Wallet', provider: wallet.provider }],
  })
  const connect = () => client.connection.connect({ connectorId: 'fake' })
  return { client, wallet, rpc, connect }
}

const reverting = (data: Hex) => () => {
  throw new RpcFailure(3, 'execution reverted', data)
}

describe('client.wallet on a chain', () => {
  it('reads a contract on the app network, decoded from its ABI', async () => {
    const { client, rpc } = setup()
    rpc.on('eth_call', () => encodeAbiParameters([{ type: 'uint256' }], [42n]))
    await expect(
      client.wallet.readContract({ address: BOOK, abi: ABI, functionName: 'count' }),
    ).resolves.toBe(42n)
    const call = rpc.asked('eth_call')[0]!.params[0] as { to: string; data: string }
    expect([call.to.toLowerCase(), call.data]).toEqual([
      BOOK.toLowerCase(),
      encodeFunctionData({ abi: ABI, functionName: 'count' }),
    ])
  })

  it("says why a read reverted, with the contract's error", async () => {
    const { client, rpc } = setup()
    rpc.on(
      'eth_call',
      reverting(encodeErrorResult({ abi: ABI, errorName: 'MessageTooLong', args: [300n] })),
    )
    await expect(
      client.wallet.readContract({ address: BOOK, abi: ABI, functionName: 'count' }),
    ).rejects.toMatchObject({
      code: 'CONTRACT_READ_FAILED',
      message: 'count could not be read: MessageTooLong(300)',
      details: { reason: 'MessageTooLong(300)' },
    })
  })

  it('simulates, sends from the connected account with the calldata, waits for the receipt, then reads the balance again', async () => {
    const { client, wallet, rpc, connect } = setup()
    await connect()
    rpc.on('eth_getTransactionReceipt', ([hash]) => (hash === HASH ? receiptOf(HASH) : null))
    wallet.override('eth_sendTransaction', () => HASH)
    const before = rpc.asked('eth_getBalance').length
    const { hash, receipt } = await client.wallet.writeContract({
      address: BOOK,
      abi: ABI,
      functionName: 'sign',
      args: ['gm'],
    })
    expect(hash).toBe(HASH)
    expect(receipt).toMatchObject({ status: 'success', blockNumber: 16n, transactionHash: HASH })
    const sent = wallet.calls.find((call) => call.method === 'eth_sendTransaction')!
    expect(sent.params).toEqual([
      {
        chainId: '0x7a69',
        from: ALICE,
        to: BOOK,
        value: '0x0',
        data: encodeFunctionData({ abi: ABI, functionName: 'sign', args: ['gm'] }),
      },
    ])
    // Simulated (with the ABI, then as a call) before the wallet was asked.
    expect(rpc.asked('eth_call').length).toBeGreaterThanOrEqual(2)
    // Mined: the balance is read again, skipping its cache.
    await vi.waitFor(() => expect(rpc.asked('eth_getBalance').length).toBeGreaterThan(before))
  })

  it("refuses a write whose simulation reverts, naming the contract's error, and asks the wallet nothing", async () => {
    const { client, wallet, rpc, connect } = setup()
    await connect()
    rpc.on(
      'eth_call',
      reverting(encodeErrorResult({ abi: ABI, errorName: 'MessageTooLong', args: [281n] })),
    )
    await expect(
      client.wallet.writeContract({ address: BOOK, abi: ABI, functionName: 'sign', args: ['x'] }),
    ).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: 'This transaction would fail: MessageTooLong(281)',
      details: { reason: 'MessageTooLong(281)' },
    })
    expect(wallet.calls.some((call) => call.method === 'eth_sendTransaction')).toBe(false)
  })

  it('says a mined transaction that reverted is TRANSACTION_REVERTED, with its hash', async () => {
    const { client, wallet, rpc, connect } = setup()
    await connect()
    rpc.on('eth_getTransactionReceipt', () => receiptOf(HASH, { status: '0x0' }))
    rpc.on('eth_getTransactionByHash', () => null)
    wallet.override('eth_sendTransaction', () => HASH)
    await expect(client.wallet.sendTransaction({ to: BOB, value: 5n })).rejects.toMatchObject({
      code: 'TRANSACTION_REVERTED',
      message: 'The transaction reverted',
      details: { hash: HASH },
    })
  })

  it('gives public clients of the app networks, one per chain, the wallet’s chain by default', async () => {
    const { client, connect } = setup()
    const first = await client.wallet.getPublicClient()
    expect(first.chain?.id).toBe(31337)
    expect(await client.wallet.getPublicClient({ chainId: 31337 })).toBe(first)
    const second = await client.wallet.getPublicClient({ chainId: 31338 })
    expect(second.chain).toMatchObject({ id: 31338, name: 'Devnet L2' })
    await connect()
    await client.connection.switchNetwork(DOWN_NETWORKS[1] as never)
    expect(await client.wallet.getPublicClient()).toBe(second)
    expect(await (await client.wallet.getPublicClient()).getBlockNumber()).toBe(16n)
  })

  it('reads the active network when the wallet is on a chain the app does not list', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    wallet.emit('chainChanged', '0x7a6b')
    await vi.waitFor(() => expect(client.connection.$connection.get().chainId).toBe('eip155:31339'))
    expect((await client.wallet.getPublicClient()).chain?.id).toBe(31337)
  })

  it("answers reads through the provider from the app's node, not the wallet", async () => {
    const { client, wallet, rpc, connect } = setup()
    const provider = await client.wallet.getProvider()
    await expect(provider.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10')
    await connect()
    const asked = wallet.calls.length
    await expect(provider.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10')
    expect(wallet.calls.length).toBe(asked)
    expect(rpc.asked('eth_blockNumber').length).toBeGreaterThanOrEqual(2)
  })

  it('follows a transaction sent through the provider until it is mined, then reads the balance again', async () => {
    const { client, wallet, rpc, connect } = setup()
    await connect()
    rpc.on('eth_getTransactionReceipt', () => receiptOf(HASH))
    wallet.override('eth_sendTransaction', () => HASH)
    const provider = await client.wallet.getProvider()
    const before = rpc.asked('eth_getBalance').length
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: ALICE, to: BOB }] }),
    ).resolves.toBe(HASH)
    await vi.waitFor(() => expect(rpc.asked('eth_getTransactionReceipt').length).toBeGreaterThan(0))
    await vi.waitFor(() => expect(rpc.asked('eth_getBalance').length).toBeGreaterThan(before))
  })

  it('follows only transactions: a signature through the provider is not waited on', async () => {
    const { client, wallet, rpc, connect } = setup()
    await connect()
    wallet.override('personal_sign', () => HASH)
    const provider = await client.wallet.getProvider()
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68', ALICE] }),
    ).resolves.toBe(HASH)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(rpc.asked('eth_getTransactionReceipt')).toEqual([])
  })

  it('refuses a typed-data answer that is not a signature', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    wallet.override('eth_signTypedData_v4', () => 'not hex')
    await expect(
      client.wallet.signTypedData({
        domain: { name: 'App', chainId: 1 },
        types: { Note: [{ name: 'text', type: 'string' }] },
        primaryType: 'Note',
        message: { text: 'gm' },
      }),
    ).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The wallet answered with no signature',
    })
    // The domain's chain (1) is not the app's: the wallet was not asked to switch.
    expect(wallet.calls.some((call) => call.method === 'wallet_switchEthereumChain')).toBe(false)
    const asked = wallet.calls.find((call) => call.method === 'eth_signTypedData_v4')!
    const [address, json] = asked.params as [string, string]
    expect(address).toBe(ALICE)
    expect(JSON.parse(json)).toMatchObject({
      domain: { name: 'App', chainId: 1 },
      types: { EIP712Domain: [{ name: 'name' }, { name: 'chainId' }] },
    })
  })

  it('request: hands back the Portico error a refusal stands for, or the wallet error it was', async () => {
    const { client, wallet, connect } = setup()
    await expect(
      client.wallet.request({ method: 'personal_sign', params: ['0x68', ALICE] }),
    ).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    await connect()
    wallet.override('eth_signTransaction', () => {
      throw { code: -32000, message: 'nope' }
    })
    await expect(
      client.wallet.request({ method: 'eth_signTransaction', params: [{}] }),
    ).rejects.toMatchObject({ code: 'WALLET_ERROR', details: { code: -32000 } })
    wallet.override('eth_signTransaction', () => '0xsigned')
    await expect(
      client.wallet.request({ method: 'eth_signTransaction', params: [{}], namespace: 'eip155' }),
    ).resolves.toBe('0xsigned')
  })
})

describe('revertReason', () => {
  it('is nothing for what is not a viem error', () => {
    expect(revertReason(new Error('x'))).toBeUndefined()
    expect(revertReason('x')).toBeUndefined()
  })
})

describe('client.wallet: what follows a transaction, and a bound client', () => {
  it('says a receipt that cannot be read is WALLET_ERROR with the hash', async () => {
    const { client, wallet, rpc, connect } = setup()
    await connect()
    rpc.on('eth_getTransactionReceipt', () => {
      throw new RpcFailure(-32000, 'node down')
    })
    wallet.override('eth_sendTransaction', () => HASH)
    // viem tries the receipt again a few times, backing off: its clock is the test's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const sent = client.wallet.sendTransaction({ to: BOB, value: 1n }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await sent).toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The transaction receipt could not be read',
      details: { hash: HASH },
    })
  })

  it('once mined, reads the native balance, the tokens and the history again', async () => {
    const { client, wallet, rpc, connect } = setup()
    await connect()
    rpc.on('eth_getTransactionReceipt', () => receiptOf(HASH))
    wallet.override('eth_sendTransaction', () => HASH)
    await vi.waitFor(() => expect(rpc.elsewhere.length).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 0))
    rpc.elsewhere.length = 0
    const before = rpc.asked('eth_getBalance').length
    await client.wallet.sendTransaction({ to: BOB, value: 1n })
    // (the token list asks which chains the API serves first; that server is down here)
    await vi.waitFor(() => {
      expect(rpc.asked('eth_getBalance').length).toBeGreaterThan(before)
      expect(rpc.elsewhere.some((url) => url.includes('/history?'))).toBe(true)
      expect(rpc.elsewhere.some((url) => url.includes('/v1/supported-chains'))).toBe(true)
    })
  })

  it('a wallet client stays on its chain: the wallet is asked to come back to it', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const walletClient = await client.wallet.getWalletClient()
    wallet.emit('chainChanged', '0x7a6a')
    await vi.waitFor(() => expect(client.connection.$connection.get().chainId).toBe('eip155:31338'))
    await expect(walletClient.getChainId()).resolves.toBe(31337)
    expect(wallet.calls.at(-1)).toMatchObject({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    })
    await expect(walletClient.getAddresses()).resolves.toEqual([ALICE])
    wallet.emit('accountsChanged', [BOB])
    await expect(walletClient.getAddresses()).rejects.toThrow(/is no longer connected/)
  })

  it('a provider listener that throws does not keep the others from hearing', async () => {
    const { client, connect } = setup()
    const provider = await client.wallet.getProvider()
    const heard: unknown[] = []
    provider.on('accountsChanged', (() => {
      throw new Error('app bug')
    }) as never)
    provider.on('accountsChanged', ((accounts: unknown) => heard.push(accounts)) as never)
    await connect()
    expect(heard).toEqual([[ALICE]])
  })
})

describe('how long a call may wait, by kind of wallet', () => {
  it('is 120 s for a browser wallet, 300 s over WalletConnect, the Approve view’s own for the email wallet', () => {
    const of = (type: string) => deadlineOf({ type } as never)
    expect(of('ANNOUNCED')).toBe(120_000)
    expect(of('INJECTED')).toBe(120_000)
    expect(of('EXTERNAL')).toBe(120_000)
    expect(of('WALLET_CONNECT')).toBe(300_000)
    expect(of('AUTH')).toBeUndefined()
  })
})

describe('viemChain', () => {
  it('is the app network as viem describes a chain, its first explorer the default', () => {
    expect(
      viemChain({
        id: 'eip155:8453',
        name: 'Base',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { http: ['https://a.example', 'https://b.example'] },
        blockExplorers: [
          { name: 'Basescan', url: 'https://basescan.org' },
          { name: 'Other', url: 'https://other.example' },
        ],
        testnet: true,
      }),
    ).toEqual({
      id: 8453,
      name: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://a.example', 'https://b.example'] } },
      blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
      testnet: true,
    })
    expect(
      viemChain({
        id: 'eip155:1',
        name: 'Ethereum',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { http: ['https://rpc.example'] },
      }),
    ).toEqual({
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.example'] } },
    })
  })
})
