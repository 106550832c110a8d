// @vitest-environment happy-dom
import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { UNSAFE_RPC_METHODS } from '../auth/frameProtocol.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { createFakeWallet, type FakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { cleanupAfterEach, createOfflinePortico, DOWN_NETWORKS } from '../test-utils/offline.js'
import { isSignInputs } from './actions.js'
import { UNSAFE_METHODS } from './constants.js'
import { chainIdParameter, toRpcError } from './provider.js'

// The app's own calls against a fake browser wallet (the edge of the world); the chain is down,
// so nothing here is mined: the devnet integration tests do that.
const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
  await import('../connection/lazy.js')
  await import('./lazy.js')
}, 30_000)
afterEach(() => {
  vi.useRealTimers()
})

const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
const [ALICE, BOB] = TEST_ACCOUNTS

function setup(options: { wrongChain?: 'switch' | 'refuse'; wallet?: FakeWallet } = {}) {
  const wallet = options.wallet ?? createFakeWallet()
  const { client } = createOfflinePortico(cleanup, {
    networks: [DOWN_NETWORKS[0], DOWN_NETWORKS[1]],
    connectors: [{ id: 'fake', name: 'Fake Wallet', provider: wallet.provider }],
    ...(options.wrongChain ? { wallet: { wrongChain: options.wrongChain } } : {}),
  })
  const connect = () => client.connection.connect({ connectorId: 'fake' })
  return { client, wallet, connect }
}

/** A wallet request the test answers when it chooses. */
function held(wallet: FakeWallet, method: string) {
  let answer!: (value: unknown) => void
  let refuse!: (error: unknown) => void
  wallet.override(
    method,
    () =>
      new Promise((resolve, reject) => {
        answer = resolve
        refuse = reject
      }),
  )
  return {
    answer: (value: unknown) => answer(value),
    refuse: (error: unknown) => refuse(error),
    asked: () => wallet.calls.some((call) => call.method === method),
  }
}

const SIGNATURE = `0x${'11'.repeat(65)}`

describe('client.wallet: the rules of a call', () => {
  it("rejects 'wallet.wrongChain' values other than switch and refuse", () => {
    expect(() => setup({ wrongChain: 'maybe' as never })).toThrow(
      "wallet.wrongChain must be 'switch' or 'refuse', not maybe",
    )
  })

  it('refuses with NOT_CONNECTED while no wallet is connected, asking it nothing', async () => {
    const { client, wallet } = setup()
    const error = await client.wallet.signMessage({ message: 'hi' }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'NOT_CONNECTED')).toBe(true)
    expect(error).toMatchObject({
      message: 'No eip155 wallet is connected',
      details: { namespace: 'eip155', code: 4900 },
    })
    await expect(client.wallet.getWalletClient()).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    expect(wallet.calls).toEqual([])
  })

  it('signs with the connected account (personal_sign of the hex message)', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    wallet.override('personal_sign', () => SIGNATURE)
    await expect(client.wallet.signMessage({ message: 'hi' })).resolves.toBe(SIGNATURE)
    expect(wallet.calls.at(-1)).toEqual({ method: 'personal_sign', params: ['0x6869', ALICE] })
  })

  it('refuses a message that is not text, asking the wallet nothing', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const before = wallet.calls.length
    await expect(client.wallet.signMessage({ message: 42 as never })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The message must be text',
    })
    expect(wallet.calls.length).toBe(before)
  })

  it('keeps a refusal as USER_REJECTED with the wallet code 4001', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    wallet.override('personal_sign', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    await expect(client.wallet.signMessage({ message: 'no' })).rejects.toMatchObject({
      code: 'USER_REJECTED',
      details: { code: 4001 },
    })
  })

  it('gives up on a browser wallet after 120 s with WALLET_TIMEOUT, and the next call asks again', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    fakeTimers()
    const request = held(wallet, 'personal_sign')
    const waiting = client.wallet.signMessage({ message: 'slow' }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(request.asked()).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(await waiting).toMatchObject({
      code: 'WALLET_TIMEOUT',
      message: 'The wallet did not answer in 120 s',
      details: { request: 'signMessage', seconds: 120 },
    })
    wallet.override('personal_sign', () => SIGNATURE)
    await expect(client.wallet.signMessage({ message: 'again' })).resolves.toBe(SIGNATURE)
  })

  it('rejects a call still waiting when the user disconnects (ABORTED), and its late answer changes nothing', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const request = held(wallet, 'personal_sign')
    const waiting = client.wallet.signMessage({ message: 'wait' }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(request.asked()).toBe(true))
    await client.connection.disconnect()
    expect(await waiting).toMatchObject({
      code: 'ABORTED',
      details: { reason: 'disconnected' },
    })
    request.answer(SIGNATURE)
  })

  it("rejects a signature still waiting in a browser wallet with 'Request was aborted' when the user closes the modal", async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const request = held(wallet, 'personal_sign')
    const waiting = client.wallet.signMessage({ message: 'wait' }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(request.asked()).toBe(true))
    // While it waits it is one of the requests waiting for the user, by its method.
    expect(client.requests.$pending.get().map((r) => r.method)).toEqual(['signMessage'])
    client.modal.open()
    client.modal.close()
    expect(await waiting).toMatchObject({
      code: 'REQUEST_ABORTED',
      message: 'Request was aborted',
    })
    expect(client.requests.$pending.get()).toEqual([])
    request.answer(SIGNATURE)
  })

  it("treats as unsafe exactly the secure frame's unsafe methods", () => {
    expect([...UNSAFE_METHODS]).toEqual([...UNSAFE_RPC_METHODS])
  })

  it('keeps a call waiting when the modal closes during a transaction step, and lists only unsafe calls', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const request = held(wallet, 'eth_signTypedData_v4')
    const provider = await client.wallet.getProvider()
    // A wallet method that signs nothing (switching chains) is not a request waiting for the user.
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    expect(client.requests.$pending.get()).toEqual([])
    const waiting = provider.request({
      method: 'eth_signTypedData_v4',
      params: [ALICE, '{}'],
    })
    await vi.waitFor(() => expect(request.asked()).toBe(true))
    expect(client.requests.$pending.get().map((r) => r.method)).toEqual(['eth_signTypedData_v4'])
    client.modal.open()
    client.modal.pushTransactionStep({ goBack: true })
    client.modal.close()
    request.answer(SIGNATURE)
    await expect(waiting).resolves.toBe(SIGNATURE)
    expect(client.requests.$pending.get()).toEqual([])
  })

  it('rejects a call still waiting when the wallet moves to another account (ACCOUNT_CHANGED)', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const request = held(wallet, 'personal_sign')
    const waiting = client.wallet.signMessage({ message: 'wait' }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(request.asked()).toBe(true))
    wallet.emit('accountsChanged', [BOB, ALICE])
    expect(await waiting).toMatchObject({
      code: 'ACCOUNT_CHANGED',
      message: `The request was for ${ALICE}, and ${BOB} is connected now`,
      details: { expected: ALICE, actual: BOB, code: 4100 },
    })
  })

  it('switches the wallet to the chain a call asks for, by default', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    wallet.override('eth_signTypedData_v4', () => SIGNATURE)
    await client.wallet.signTypedData({
      domain: { name: 'App', chainId: 31338 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'gm' },
    })
    const methods = wallet.calls.map((call) => call.method)
    expect(methods.indexOf('wallet_switchEthereumChain')).toBeGreaterThan(-1)
    expect(methods.indexOf('wallet_switchEthereumChain')).toBeLessThan(
      methods.indexOf('eth_signTypedData_v4'),
    )
    expect(client.connection.$connection.get().chainId).toBe('eip155:31338')
  })

  it("refuses a call for another chain with CHAIN_MISMATCH when the app chose 'refuse'", async () => {
    const { client, wallet, connect } = setup({ wrongChain: 'refuse' })
    await connect()
    const error = await client.wallet
      .sendTransaction({ to: BOB, value: 1n, chainId: 31338 })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'CHAIN_MISMATCH',
      message: 'The wallet is not on Devnet L2',
      details: { chainId: 31338, walletChainId: 'eip155:31337', code: 4901 },
    })
    expect(wallet.calls.some((c) => c.method === 'wallet_switchEthereumChain')).toBe(false)
  })

  it('refuses a chain the app does not list with NETWORK_NOT_FOUND', async () => {
    const { client, connect } = setup()
    await connect()
    await expect(
      client.wallet.sendTransaction({ to: BOB, value: 1n, chainId: 1 }),
    ).rejects.toMatchObject({ code: 'NETWORK_NOT_FOUND', details: { id: 'eip155:1' } })
    await expect(client.wallet.getPublicClient({ chainId: 1 })).rejects.toMatchObject({
      code: 'NETWORK_NOT_FOUND',
    })
  })

  it('refuses typed data that is not valid EIP-712 before the wallet sees it', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const before = wallet.calls.length
    await expect(
      client.wallet.signTypedData({
        types: { Note: [{ name: 'n', type: 'uint8' }] },
        primaryType: 'Note',
        message: { n: 300 },
      } as never),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The typed data is not valid EIP-712',
    })
    expect(wallet.calls.length).toBe(before)
  })

  it('refuses a contract call it cannot encode', async () => {
    const { client, connect } = setup()
    await connect()
    await expect(
      client.wallet.writeContract({
        address: BOB,
        abi: [],
        functionName: 'nothing',
      } as never),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The call of nothing could not be encoded',
    })
  })

  it('says a read that cannot reach the node is CONTRACT_READ_FAILED', async () => {
    const { client } = setup()
    const abi = [
      {
        type: 'function',
        name: 'count',
        stateMutability: 'view',
        inputs: [],
        outputs: [{ type: 'uint256' }],
      },
    ] as const
    const error = await client.wallet
      .readContract({ address: BOB, abi, functionName: 'count' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'CONTRACT_READ_FAILED' })
    expect((error as Error).message).toMatch(/^count could not be read/)
  })
})

describe('client.wallet.getProvider: the connection as an EIP-1193 provider', () => {
  it('answers accounts and chain from the stores, and emits connect, account, chain and disconnect as they change', async () => {
    const { client, wallet, connect } = setup()
    const provider = await client.wallet.getProvider()
    expect(provider.namespace).toBe('eip155')
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4900,
      message: 'Connect a wallet first',
    })
    const events: unknown[][] = []
    for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect']) {
      provider.on(name, ((value: unknown) => events.push([name, value])) as never)
    }
    await connect()
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([ALICE])
    wallet.emit('accountsChanged', [BOB])
    wallet.emit('chainChanged', '0x7a6a')
    await client.connection.disconnect()
    expect(events.map(([name]) => name)).toEqual([
      'connect',
      'accountsChanged',
      'accountsChanged',
      'chainChanged',
      'accountsChanged',
      'disconnect',
    ])
    expect(events.slice(0, 4).map(([, value]) => value)).toEqual([
      { chainId: '0x7a69' },
      [ALICE],
      [BOB],
      '0x7a6a',
    ])
    expect(events[5]![1]).toMatchObject({ code: 4900 })
  })

  it('keeps the same provider per namespace, and removes listeners on request', async () => {
    const { client, connect } = setup()
    const provider = await client.wallet.getProvider({ namespace: 'eip155' })
    expect(await client.wallet.getProvider()).toBe(provider)
    const heard: unknown[] = []
    const listener = ((value: unknown) => heard.push(value)) as never
    provider.on('connect', listener)
    provider.removeListener('connect', listener)
    await connect()
    expect(heard).toEqual([])
  })

  it('refuses a namespace the app has no network of', async () => {
    const { client } = setup()
    await expect(client.wallet.getProvider({ namespace: 'solana' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The app lists no solana network',
    })
  })

  it("passes the wallet's own errors through as they are, and switches chains through Portico", async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const provider = await client.wallet.getProvider()
    wallet.override('personal_sign', () => {
      throw Object.assign(new Error('User rejected'), { code: 4001 })
    })
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68', ALICE] }),
    ).rejects.toMatchObject({ code: 4001 })
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    expect(client.connection.$connection.get().chainId).toBe('eip155:31338')
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [] }),
    ).rejects.toMatchObject({ code: -32603, message: 'Expected [{ chainId }]' })
  })

  it('binds a wallet client to the account: after a switch of account, its requests are refused (4100)', async () => {
    const { client, wallet, connect } = setup()
    await connect()
    const walletClient = await client.wallet.getWalletClient()
    expect(walletClient.account.address).toBe(ALICE)
    expect(walletClient.chain.id).toBe(31337)
    wallet.override('personal_sign', () => SIGNATURE)
    await expect(walletClient.signMessage({ message: 'me' })).resolves.toBe(SIGNATURE)
    wallet.emit('accountsChanged', [BOB])
    const error = await walletClient.signMessage({ message: 'me?' }).catch((e: unknown) => e)
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain('4100')
  })
})

describe('what the provider rejects with', () => {
  it('maps Portico refusals to EIP-1193 codes, with the Portico error as the cause', () => {
    const cases: [PorticoError, number][] = [
      [new PorticoError('USER_REJECTED', 'no'), 4001],
      [new PorticoError('REQUEST_ABORTED'), 4001],
      [new PorticoError('ACCOUNT_CHANGED', 'moved'), 4100],
      [new PorticoError('ACTION_NOT_ALLOWED'), 4100],
      [new PorticoError('NOT_CONNECTED', 'none'), 4900],
      [new PorticoError('ABORTED', 'gone'), 4900],
      [new PorticoError('CHAIN_MISMATCH', 'elsewhere'), 4901],
      [new PorticoError('NETWORK_NOT_FOUND'), 4902],
      [new PorticoError('RPC_NOT_ALLOWED'), 4200],
      [new PorticoError('WALLET_ERROR', 'x', { cause: { code: -32000 } }), -32000],
      [new PorticoError('TIMEOUT', 'slow'), -32603],
    ]
    for (const [error, code] of cases) {
      const rpc = toRpcError(error)
      expect([error.code, rpc.code]).toEqual([error.code, code])
      expect(rpc.message).toBe(error.message)
      expect(rpc.cause).toBe(error)
      expect(rpc.data).toEqual({ portico: error.code })
    }
  })

  it("keeps a wallet's own coded error, and wraps anything else as an internal error", () => {
    const own = Object.assign(new Error('nope'), { code: 4001 })
    expect(toRpcError(own)).toBe(own)
    expect(toRpcError({ code: 4001, message: 'User said no' })).toMatchObject({
      code: 4001,
      message: 'User said no',
    })
    expect(toRpcError({ code: 4100 })).toMatchObject({ code: 4100, message: 'Wallet error' })
    const odd = toRpcError('a string')
    expect(odd).toMatchObject({ code: -32603, message: 'Internal error', cause: 'a string' })
    expect(odd.name).toBe('ProviderRpcError')
  })
})

describe('chainIdParameter (a request parameter from anyone)', () => {
  it('reads a hex or numeric chainId of the first parameter', () => {
    expect(chainIdParameter([{ chainId: '0x7a69' }])).toBe(31337)
    expect(chainIdParameter([{ chainId: '0X1' }])).toBe(1)
    expect(chainIdParameter([{ chainId: 10 }])).toBe(10)
    expect(chainIdParameter([{ chainId: 'ten' }])).toBeUndefined()
    expect(chainIdParameter([{ chainId: '0x' }])).toBeUndefined()
    expect(chainIdParameter([{ chainId: '0x12z' }])).toBeUndefined()
    expect(chainIdParameter([{ chainId: 'a0x1' }])).toBeUndefined()
    expect(chainIdParameter([{ chainId: '12' }])).toBeUndefined()
    expect(chainIdParameter([{ chainId: 0 }])).toBeUndefined()
    expect(chainIdParameter([{ chainId: 1.5 }])).toBeUndefined()
    expect(chainIdParameter([{}])).toBeUndefined()
    expect(chainIdParameter({ chainId: '0x1' })).toBeUndefined()
    expect(chainIdParameter(undefined)).toBeUndefined()
  })

  it('never throws, and gives a positive safe integer or nothing', () => {
    fc.assert(
      fc.property(fc.anything(), (params) => {
        const id = chainIdParameter(params)
        return id === undefined || (Number.isSafeInteger(id) && id > 0)
      }),
      { numRuns: 1_000 },
    )
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.double()), (chainId) => {
        const id = chainIdParameter([{ chainId }])
        return id === undefined || (Number.isSafeInteger(id) && id > 0)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('signPsbt: what it takes', () => {
  it('refuses a PSBT that is not base64, or inputs that are not addresses to indexes, before any wallet', async () => {
    const { client } = setup()
    await expect(
      client.wallet.signPsbt({ psbt: 'cHNidP8=!', signInputs: { a: [0] } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'The PSBT must be base64' })
    await expect(
      client.wallet.signPsbt({ psbt: 'cHNidP8=', signInputs: { a: [-1] } }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'signInputs must map addresses to input indexes',
    })
    await expect(
      client.wallet.signPsbt({ psbt: 'cHNidP8=', signInputs: { a: [0] } }),
    ).rejects.toMatchObject({ code: 'NOT_CONNECTED', message: 'No bip122 wallet is connected' })
  })

  it('isSignInputs: addresses to non-empty lists of whole indexes, nothing else, never throwing', () => {
    expect(isSignInputs({ bcrt1q: [0, 2] })).toBe(true)
    expect(isSignInputs({})).toBe(false)
    expect(isSignInputs({ '': [0] })).toBe(false)
    expect(isSignInputs({ a: [] })).toBe(false)
    expect(isSignInputs({ a: [1.5] })).toBe(false)
    expect(isSignInputs({ a: ['0'] })).toBe(false)
    expect(isSignInputs([[0]])).toBe(false)
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const ok = isSignInputs(value)
        return (
          !ok ||
          Object.values(value as Record<string, number[]>).every((list) =>
            list.every((index) => Number.isSafeInteger(index) && index >= 0),
          )
        )
      }),
      { numRuns: 1_000 },
    )
  })
})
