import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base64 } from '@scure/base'
import { p2tr, p2wpkh, RawWitness, Script, Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import type { Connector, SatsConnectProvider, StandardWallet } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import type { PorticoNetwork } from '../../options/index.js'
import type { AdapterEventHandlers } from '../types.js'
import {
  createBitcoinAdapter,
  fromSatsConnectAddresses,
  purposeOf,
  purposesFor,
  satsConnectResult,
} from './createBitcoinAdapter.js'

// The Bitcoin adapter through its capabilities. The edge of the world is faked: a Wallet Standard
// wallet and a sats-connect provider (both sign BIP-322 for real with a secp256k1 key) and an
// Esplora REST API (`GET /address/{address}/utxo` → `[{ txid, vout, value, status }]`).

const RUNS = { numRuns: Number(process.env.PORTICO_PROPERTY_RUNS ?? 1_000) }
const MAINNET = '000000000019d6689c085ae165831e93'
const REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328'
const ESPLORA = 'http://127.0.0.1:3002/api'

const network: PorticoNetwork = {
  id: `bip122:${MAINNET}`,
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { http: [ESPLORA] },
}

/** A payment (P2WPKH) and an ordinals (P2TR) key, as a Bitcoin wallet holds them. */
function bitcoinKeys() {
  const privateKey = secp256k1.utils.randomSecretKey()
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const payment = p2wpkh(publicKey)
  const ordinals = p2tr(publicKey.slice(1))
  return {
    privateKey,
    publicKey,
    payment: { address: payment.address as string, script: payment.script },
    ordinals: { address: ordinals.address as string, script: ordinals.script },
  }
}
const keys = bitcoinKeys()

/** BIP-322 "simple": the witness spending the message's virtual output, as a wallet signs. */
function signBip322(message: string): Uint8Array {
  const tag = sha256(utf8ToBytes('BIP0322-signed-message'))
  const hash = sha256(new Uint8Array([...tag, ...tag, ...utf8ToBytes(message)]))
  const toSpend = new Transaction({
    version: 0,
    allowUnknownInputs: true,
    allowUnknownVersion: true,
  })
  toSpend.addOutput({ script: keys.payment.script, amount: 0n })
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: Script.encode(['OP_0', hash]),
  })
  const toSign = new Transaction({
    version: 0,
    allowUnknownOutputs: true,
    allowUnknownVersion: true,
  })
  toSign.addInput({
    txid: toSpend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: keys.payment.script, amount: 0n },
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(keys.privateKey, 0)
  toSign.finalizeIdx(0)
  return RawWitness.encode(toSign.getInput(0).finalScriptWitness as Uint8Array[])
}

const rejection = () =>
  Object.assign(new Error('User rejected the request.'), { context: { __code: 4_001_000 } })

async function caught(promise: Promise<unknown> | undefined): Promise<PorticoError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return error as PorticoError
  }
  throw new Error('expected a rejection')
}

function standardWallet({ omit = [] as string[], chains = ['bitcoin:mainnet'] } = {}) {
  const state = { authorized: false }
  const listeners = new Set<(properties: unknown) => void>()
  const calls: { feature: string; input: unknown }[] = []
  const refusals = new Map<string, unknown>()
  const replacements = new Map<string, (input: unknown) => unknown>()
  const payment = {
    address: keys.payment.address,
    publicKey: keys.publicKey,
    chains,
    features: [],
    label: 'Payment',
  }
  const ordinals = {
    address: keys.ordinals.address,
    publicKey: keys.publicKey.slice(1),
    chains,
    features: [],
  }
  const handle = (feature: string, run: (input: never) => unknown) => async (input: unknown) => {
    calls.push({ feature, input })
    if (refusals.has(feature)) throw refusals.get(feature)
    const replacement = replacements.get(feature)
    return replacement ? replacement(input) : run(input as never)
  }
  const features: Record<string, unknown> = {
    'bitcoin:connect': {
      connect: handle('bitcoin:connect', (input: { purposes: string[] }) => {
        state.authorized = true
        return {
          accounts: input.purposes.includes('ordinals') ? [payment, ordinals] : [payment],
        }
      }),
    },
    'standard:connect': {
      connect: handle('standard:connect', (input?: { silent?: boolean }) => {
        if (!input?.silent) state.authorized = true
        return { accounts: wallet.accounts }
      }),
    },
    'standard:disconnect': {
      disconnect: handle('standard:disconnect', () => {
        state.authorized = false
      }),
    },
    'standard:events': {
      on(_event: string, listener: (properties: unknown) => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'bitcoin:signMessage': {
      signMessage: handle(
        'bitcoin:signMessage',
        (input: { message: Uint8Array; protocol: string; account: { address: string } }) => {
          expect(input.protocol).toBe('BIP322')
          expect(input.account.address).toBe(keys.payment.address)
          return [
            {
              signature: signBip322(new TextDecoder().decode(input.message)),
              signedMessage: input.message,
            },
          ]
        },
      ),
    },
  }
  for (const name of omit) delete features[name]
  const wallet: StandardWallet = {
    version: '1.0.0',
    name: 'Devnet Bitcoin Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains,
    features,
    get accounts() {
      return (state.authorized ? [ordinals, payment] : []) as never
    },
  }
  const connector: Connector = {
    id: 'devnet-bitcoin-wallet',
    name: 'Devnet Bitcoin Wallet',
    type: 'ANNOUNCED',
    chain: 'bip122',
    wallet,
  }
  return {
    wallet,
    connector,
    state,
    calls,
    emit: (p: unknown) => {
      for (const listener of listeners) listener(p)
    },
    refuse: (feature: string, error: unknown) => refusals.set(feature, error),
    replace: (feature: string, run: (input: unknown) => unknown) => replacements.set(feature, run),
  }
}

/** A sats-connect provider (Xverse's shape): `request(method, params)` → `{ result } | { error }`. */
function satsConnect({ network: name = 'Mainnet' } = {}) {
  const listeners = new Map<string, (data: unknown) => void>()
  const answers = new Map<string, (params: unknown) => unknown>()
  const calls: { method: string; params: unknown }[] = []
  const addresses = [
    { address: keys.ordinals.address, purpose: 'ordinals', addressType: 'p2tr' },
    { address: keys.payment.address, purpose: 'payment', addressType: 'p2wpkh' },
    { address: 'not an address', purpose: 'payment' },
    { address: keys.payment.address, purpose: 'stacks' },
  ]
  const provider: SatsConnectProvider = {
    async request(method: string, params?: unknown) {
      calls.push({ method, params })
      const answer = answers.get(method)
      if (answer) return answer(params)
      switch (method) {
        case 'getAccounts':
          return { jsonrpc: '2.0', id: '1', result: addresses }
        case 'wallet_getAccount':
          return { result: { id: 'x', addresses, walletType: 'software' } }
        case 'wallet_getNetwork':
          return { result: { bitcoin: { name }, stacks: { name } } }
        case 'signMessage': {
          const { message } = params as { message: string }
          return {
            result: {
              signature: base64.encode(signBip322(message)),
              messageHash: '',
              address: keys.payment.address,
            },
          }
        }
        case 'wallet_disconnect':
          return { result: null }
        default:
          return { error: { code: -32601, message: 'Method not found' } }
      }
    },
    addListener(event: string, listener: (data: unknown) => void) {
      listeners.set(event, listener)
      return () => listeners.delete(event)
    },
  } as SatsConnectProvider
  const connector: Connector = {
    id: 'xverse',
    name: 'Xverse',
    type: 'INJECTED',
    chain: 'bip122',
    satsConnect: provider,
  }
  return {
    provider,
    connector,
    calls,
    listeners,
    answer: (method: string, run: (params: unknown) => unknown) => answers.set(method, run),
  }
}

describe('connecting a Bitcoin Wallet Standard wallet', () => {
  it('asks bitcoin:connect for the payment address by default (the spec’s default account type)', async () => {
    const { wallet, connector, calls } = standardWallet()
    const adapter = createBitcoinAdapter()
    expect(adapter.namespace).toBe('bip122')
    expect(await adapter.connection.connect(connector)).toEqual({
      addresses: [keys.payment.address],
      types: ['payment'],
      chainReference: MAINNET,
      chains: [MAINNET],
    })
    expect(calls).toEqual([{ feature: 'bitcoin:connect', input: { purposes: ['payment'] } }])
    expect(wallet.accounts).toHaveLength(2)
  })

  it('puts the ordinals address first when the app asks for it', async () => {
    const { connector, calls } = standardWallet()
    const account = await createBitcoinAdapter().connection.connect(connector, {
      accountType: 'ordinal',
    })
    expect(calls[0]?.input).toEqual({ purposes: ['ordinals', 'payment'] })
    expect(account.addresses).toEqual([keys.ordinals.address, keys.payment.address])
    expect(account.types).toEqual(['ordinal', 'payment'])
  })

  it('falls back to standard:connect, and reconnects silently from shared accounts', async () => {
    const { connector, calls, state } = standardWallet({
      omit: ['bitcoin:connect'],
      chains: ['bitcoin:regtest'],
    })
    const adapter = createBitcoinAdapter()
    expect(await adapter.connection.reconnect(connector)).toBeUndefined()
    expect(calls).toEqual([{ feature: 'standard:connect', input: { silent: true } }])
    const account = await adapter.connection.connect(connector)
    expect(calls[1]).toEqual({ feature: 'standard:connect', input: undefined })
    // The label says "Payment"; the taproot address without one reads as ordinals.
    expect(account).toEqual({
      addresses: [keys.payment.address, keys.ordinals.address],
      types: ['payment', 'ordinal'],
      chainReference: REGTEST,
      chains: [REGTEST],
    })
    expect(state.authorized).toBe(true)
    expect(await adapter.connection.reconnect(connector)).toEqual(account)
    expect(calls).toHaveLength(2)
  })

  it('fails when no Bitcoin address is shared, and says the user rejected', async () => {
    const adapter = createBitcoinAdapter()
    const { connector, replace, refuse } = standardWallet()
    replace('bitcoin:connect', () => ({
      accounts: [{ address: '0xabc', chains: ['bitcoin:mainnet'] }],
    }))
    const none = await caught(adapter.connection.connect(connector))
    expect(none.code).toBe('WALLET_ERROR')
    expect(none.message).toBe('The wallet shared no Bitcoin address')
    refuse('bitcoin:connect', rejection())
    const rejected = await caught(adapter.connection.connect(connector))
    expect(rejected.code).toBe('USER_REJECTED')
    expect(rejected.message).toBe('The wallet rejected the connection request')
    expect(rejected.details).toEqual({ code: 4001 })
    refuse('standard:connect', new Error('locked'))
    const failed = await caught(adapter.connection.reconnect(connector))
    expect(failed.message).toBe('The wallet failed the reconnection: locked')
  })

  it('drops accounts of other chains', async () => {
    const { connector, replace } = standardWallet()
    replace('bitcoin:connect', () => ({
      accounts: [
        { address: keys.payment.address, chains: ['solana:mainnet'] },
        { address: keys.ordinals.address, chains: [] },
      ],
    }))
    const account = await createBitcoinAdapter().connection.connect(connector)
    expect(account.addresses).toEqual([keys.ordinals.address])
    expect(account.chainReference).toBe('unknown')
  })

  it('keeps an account that lists a Bitcoin chain among others, named either way', async () => {
    const { connector, replace } = standardWallet()
    replace('bitcoin:connect', () => ({
      accounts: [
        { address: keys.payment.address, chains: ['solana:mainnet', `bip122:${MAINNET}`] },
        { address: keys.ordinals.address, chains: ['bitcoin:mainnet', 'solana:mainnet'] },
      ],
    }))
    const account = await createBitcoinAdapter().connection.connect(connector)
    expect(account.addresses).toEqual([keys.payment.address, keys.ordinals.address])
  })

  it('follows account changes, payment first, and forgets the site on disconnect', async () => {
    const { connector, emit, state } = standardWallet()
    const adapter = createBitcoinAdapter()
    const events: unknown[][] = []
    const handlers: AdapterEventHandlers = {
      accountsChanged: (...args) => events.push(['accounts', ...args]),
      chainChanged: (...args) => events.push(['chain', ...args]),
      disconnect: () => events.push(['disconnect']),
    }
    const off = adapter.connection.subscribe(connector, handlers)
    emit({
      accounts: [
        { address: keys.ordinals.address, chains: ['bitcoin:mainnet'] },
        { address: keys.payment.address, chains: ['bitcoin:mainnet'] },
      ],
    })
    emit({ chains: [] })
    emit(null)
    emit({ accounts: [] })
    expect(events).toEqual([
      ['accounts', [keys.payment.address, keys.ordinals.address], [MAINNET]],
      ['accounts', [], []],
    ])
    off()
    emit({ accounts: [] })
    expect(events).toHaveLength(2)
    state.authorized = true
    await adapter.connection.disconnect(connector)
    expect(state.authorized).toBe(false)
    const quiet = standardWallet({ omit: ['standard:events'] })
    expect(adapter.connection.subscribe(quiet.connector, handlers)()).toBeUndefined()
  })

  it('switches only to a chain the accounts name', async () => {
    const { connector, state } = standardWallet()
    state.authorized = true
    const adapter = createBitcoinAdapter()
    await expect(adapter.networks?.switchNetwork(connector, network)).resolves.toBeUndefined()
    const regtest = { ...network, id: `bip122:${REGTEST}` as const }
    const error = await caught(adapter.networks?.switchNetwork(connector, regtest))
    expect(error.code).toBe('UNSUPPORTED_CHAIN')
    expect(error.details).toEqual({ id: `bip122:${REGTEST}` })
  })

  it('returns a BIP-322 signature, base64, that verifies for the address and message', async () => {
    const { connector, state, replace, refuse } = standardWallet()
    state.authorized = true
    const adapter = createBitcoinAdapter()
    const message = 'Sign in to Portico\nNonce: 42'
    const signature = (await adapter.signing?.signMessage(
      connector,
      keys.payment.address,
      message,
    )) as string
    expect(Verifier.verifySignature(keys.payment.address, message, signature)).toBe(true)
    expect(Verifier.verifySignature(keys.payment.address, `${message}.`, signature)).toBe(false)
    const gone = await caught(
      adapter.signing?.signMessage(connector, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'x'),
    )
    expect(gone.message).toBe(
      'Devnet Bitcoin Wallet no longer shares bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    )
    replace('bitcoin:signMessage', () => [{ signature: new Uint8Array() }])
    const empty = await caught(adapter.signing?.signMessage(connector, keys.payment.address, 'x'))
    expect(empty.message).toBe('The wallet answered the signature request with no signature')
    refuse('bitcoin:signMessage', rejection())
    const rejected = await caught(
      adapter.signing?.signMessage(connector, keys.payment.address, 'x'),
    )
    expect(rejected.code).toBe('USER_REJECTED')
    expect(rejected.message).toBe('The wallet rejected the signature request')
  })

  it('refuses a wallet it cannot talk to', async () => {
    const adapter = createBitcoinAdapter()
    const bare: Connector = { id: 'x', name: 'Plain', type: 'INJECTED', chain: 'bip122' }
    const refused = await caught(adapter.connection.connect(bare))
    expect(refused.code).toBe('WALLET_ERROR')
    expect(refused.message).toBe('Plain has no Bitcoin provider to talk to')
    expect((await caught(adapter.signing?.signMessage(bare, 'a', 'b'))).message).toBe(
      'Plain cannot sign messages',
    )
    const request = await caught(adapter.signing?.request(bare, 'getBalance'))
    expect(request.code).toBe('INVALID_INPUT')
    expect(request.message).toBe('Plain takes no requests')
    expect(request.details).toEqual({ method: 'getBalance' })
    await expect(adapter.connection.disconnect(bare)).resolves.toBeUndefined()
    expect(
      adapter.connection.subscribe(bare, {
        accountsChanged() {},
        chainChanged() {},
        disconnect() {},
      })(),
    ).toBeUndefined()
    const { connector } = standardWallet({ omit: ['bitcoin:connect', 'standard:connect'] })
    expect((await caught(adapter.connection.connect(connector))).message).toBe(
      'Devnet Bitcoin Wallet does not support standard:connect',
    )
  })
})

describe('a sats-connect wallet', () => {
  it('connects with getAccounts, keeps valid payment and ordinals addresses, and reads the network', async () => {
    const { connector, calls } = satsConnect()
    const account = await createBitcoinAdapter().connection.connect(connector)
    expect(account).toEqual({
      addresses: [keys.payment.address, keys.ordinals.address],
      types: ['payment', 'ordinal'],
      chainReference: MAINNET,
      chains: [MAINNET],
    })
    expect(calls.map((c) => c.method)).toEqual(['getAccounts', 'wallet_getNetwork'])
    expect(calls[0]?.params).toEqual({ purposes: ['payment'] })
  })

  it('reconnects with wallet_getAccount, and restores nothing when access is denied', async () => {
    const wallet = satsConnect({ network: 'Regtest' })
    const adapter = createBitcoinAdapter()
    const account = await adapter.connection.reconnect(wallet.connector, { accountType: 'ordinal' })
    expect(account?.addresses).toEqual([keys.ordinals.address, keys.payment.address])
    expect(account?.chainReference).toBe(REGTEST)
    wallet.answer('wallet_getAccount', () => ({
      error: { code: -32002, message: 'Access denied' },
    }))
    expect(await adapter.connection.reconnect(wallet.connector)).toBeUndefined()
    wallet.answer('wallet_getAccount', () => ({
      error: { code: -32000, message: 'User rejected' },
    }))
    expect((await caught(adapter.connection.reconnect(wallet.connector))).code).toBe(
      'USER_REJECTED',
    )
  })

  it('says the user rejected, or what the wallet said, and treats an old provider’s network as unknown', async () => {
    const wallet = satsConnect()
    const adapter = createBitcoinAdapter()
    wallet.answer('getAccounts', () => ({ error: { code: -32000, message: 'User rejected' } }))
    const rejected = await caught(adapter.connection.connect(wallet.connector))
    expect(rejected.code).toBe('USER_REJECTED')
    expect(rejected.message).toBe('The wallet rejected the connection request')
    expect(rejected.details).toEqual({ code: 4001 })
    wallet.answer('getAccounts', () => ({
      error: { code: -32603, message: 'Internal\u0000 error' },
    }))
    const failed = await caught(adapter.connection.connect(wallet.connector))
    expect(failed.code).toBe('WALLET_ERROR')
    expect(failed.message).toBe('The wallet failed the connection request: Internal error')
    expect(failed.details).toEqual({ code: -32603 })
    wallet.answer('getAccounts', () => {
      throw rejection()
    })
    expect((await caught(adapter.connection.connect(wallet.connector))).code).toBe('USER_REJECTED')
    wallet.answer('getAccounts', () => undefined)
    expect((await caught(adapter.connection.connect(wallet.connector))).message).toBe(
      'The wallet answered the connection request with nothing',
    )
    wallet.answer('getAccounts', () => ({
      result: [{ address: keys.payment.address, purpose: 'payment' }],
    }))
    wallet.answer('wallet_getNetwork', () => ({
      error: { code: -32601, message: 'Method not found' },
    }))
    expect((await adapter.connection.connect(wallet.connector)).chainReference).toBe('unknown')
  })

  it('follows account, network and disconnect events, and removes its listeners', () => {
    const wallet = satsConnect()
    const events: unknown[][] = []
    const off = createBitcoinAdapter().connection.subscribe(wallet.connector, {
      accountsChanged: (...args) => events.push(['accounts', ...args]),
      chainChanged: (...args) => events.push(['chain', ...args]),
      disconnect: () => events.push(['disconnect']),
    })
    wallet.listeners.get('accountChange')?.({
      addresses: [{ address: keys.payment.address, purpose: 'payment' }],
    })
    wallet.listeners.get('accountChange')?.('nothing')
    wallet.listeners.get('networkChange')?.({ bitcoin: { name: 'Regtest' } })
    wallet.listeners.get('networkChange')?.({ bitcoin: { name: 'Litecoin' } })
    wallet.listeners.get('disconnect')?.(undefined)
    expect(events).toEqual([
      ['accounts', [keys.payment.address]],
      ['accounts', []],
      ['chain', REGTEST],
      ['disconnect'],
    ])
    off()
    expect(wallet.listeners.size).toBe(0)
  })

  it('signs BIP-322 through signMessage, passes requests on, and disconnects', async () => {
    const wallet = satsConnect()
    const adapter = createBitcoinAdapter()
    const signature = (await adapter.signing?.signMessage(
      wallet.connector,
      keys.payment.address,
      'hello',
    )) as string
    expect(Verifier.verifySignature(keys.payment.address, 'hello', signature)).toBe(true)
    expect(wallet.calls.at(-1)?.params).toEqual({
      address: keys.payment.address,
      message: 'hello',
      protocol: 'BIP322',
    })
    wallet.answer('signMessage', () => ({ result: { signature: '' } }))
    expect(
      (await caught(adapter.signing?.signMessage(wallet.connector, keys.payment.address, 'x')))
        .message,
    ).toBe('The wallet answered the signature request with no signature')
    wallet.answer('getBalance', (params) => ({ result: { confirmed: '5', params } }))
    expect(await adapter.signing?.request(wallet.connector, 'getBalance', [{ a: 1 }])).toEqual({
      confirmed: '5',
      params: { a: 1 },
    })
    const unknown = await caught(adapter.signing?.request(wallet.connector, 'wallet_nothing'))
    expect(unknown.message).toBe('The wallet failed the wallet_nothing: Method not found')
    await adapter.connection.disconnect(wallet.connector)
    expect(wallet.calls.at(-1)?.method).toBe('wallet_disconnect')
    await expect(
      adapter.networks?.switchNetwork(wallet.connector, network),
    ).resolves.toBeUndefined()
    expect(
      (
        await caught(
          adapter.networks?.switchNetwork(wallet.connector, {
            ...network,
            id: `bip122:${REGTEST}`,
          }),
        )
      ).code,
    ).toBe('UNSUPPORTED_CHAIN')
  })

  it('finds the sats-connect provider a Wallet Standard wallet carries', async () => {
    const { provider } = satsConnect()
    const connector: Connector = {
      id: 'w',
      name: 'W',
      type: 'ANNOUNCED',
      chain: 'bip122',
      wallet: {
        version: '1.0.0',
        name: 'W',
        icon: '',
        chains: [],
        accounts: [],
        features: { 'sats-connect:': { provider } },
      },
    }
    const result = await createBitcoinAdapter().signing?.request(connector, 'wallet_getNetwork')
    expect(result).toEqual({ bitcoin: { name: 'Mainnet' }, stacks: { name: 'Mainnet' } })
  })
})

describe('Bitcoin balances from Esplora', () => {
  const TXID = 'ab'.repeat(32)
  it('sums the unspent outputs, mempool ones included, in BTC with 8 decimals', async () => {
    const fetchFn = vi.fn(async () =>
      Response.json([
        { txid: TXID, vout: 0, value: 150_000_000, status: { confirmed: true, block_height: 101 } },
        { txid: TXID, vout: 1, value: 25_000_000, status: { confirmed: false } },
      ]),
    )
    const adapter = createBitcoinAdapter({ fetch: fetchFn as unknown as typeof fetch })
    expect(await adapter.balances?.getNativeBalance(keys.payment.address, network)).toEqual({
      value: 175_000_000n,
      decimals: 8,
      symbol: 'BTC',
      formatted: '1.75',
    })
    expect(fetchFn.mock.calls[0]).toEqual([
      `${ESPLORA}/address/${keys.payment.address}/utxo`,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    ])
  })

  it('says the API answered 503 or malformed JSON, and needs a URL', async () => {
    const unavailable = createBitcoinAdapter({
      fetch: async () => new Response('', { status: 503 }),
    })
    const error = await caught(
      unavailable.balances?.getNativeBalance(keys.payment.address, network),
    )
    expect(error.code).toBe('API_ERROR')
    expect(error.message).toBe('The Bitcoin API answered 503')
    const broken = createBitcoinAdapter({ fetch: async () => new Response('[{"txid":') })
    expect(
      (await caught(broken.balances?.getNativeBalance(keys.payment.address, network))).code,
    ).toBe('INVALID_RESPONSE')
    const typed = createBitcoinAdapter({
      fetch: async () => Response.json([{ txid: TXID, vout: 0, value: '1' }]),
    })
    expect(
      (await caught(typed.balances?.getNativeBalance(keys.payment.address, network))).message,
    ).toBe('The Bitcoin API answered the unspent outputs with an invalid amount')
    const noUrl = await caught(
      unavailable.balances?.getNativeBalance('a', { ...network, rpcUrls: { http: [] } }),
    )
    expect(noUrl.code).toBe('NETWORK_NOT_FOUND')
  })
})

describe('wallet answers of any shape', () => {
  it('satsConnectResult gives the result, or a PorticoError', () => {
    fc.assert(
      fc.property(fc.anything(), (answer) => {
        try {
          const result = satsConnectResult(answer, 'request')
          expect(answer).toHaveProperty('result')
          expect(result).toBe((answer as { result: unknown }).result)
        } catch (error) {
          expect(error).toBeInstanceOf(PorticoError)
          expect(['USER_REJECTED', 'WALLET_ERROR']).toContain((error as PorticoError).code)
        }
      }),
      RUNS,
    )
  })

  it('sats-connect address lists keep only valid Bitcoin addresses of the two purposes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(
            fc.record({
              address: fc.oneof(
                fc.constantFrom(keys.payment.address, keys.ordinals.address),
                fc.string(),
              ),
              purpose: fc.constantFrom('payment', 'ordinals', 'stacks', 7),
            }),
            { maxLength: 6 },
          ),
          fc.anything(),
        ),
        fc.constantFrom('payment' as const, 'ordinal' as const),
        (list, accountType) => {
          const account = fromSatsConnectAddresses(list, purposesFor(accountType), undefined)
          const valid = (Array.isArray(list) ? list : []).filter(
            (e) =>
              [keys.payment.address, keys.ordinals.address].includes(e?.address) &&
              (e.purpose === 'payment' || e.purpose === 'ordinals'),
          )
          expect(account.addresses).toHaveLength(valid.length)
          expect(account.types).toHaveLength(valid.length)
          expect(account.chainReference).toBe('unknown')
          const wanted = accountType === 'ordinal' ? 'ordinal' : 'payment'
          if (valid.some((e) => (e.purpose === 'ordinals' ? 'ordinal' : 'payment') === wanted)) {
            expect(account.types?.[0]).toBe(wanted)
          }
        },
      ),
      RUNS,
    )
  })

  it('reads an address’s purpose from its label, else taproot means ordinals', () => {
    expect(purposeOf({ address: keys.ordinals.address })).toBe('ordinals')
    expect(purposeOf({ address: keys.payment.address })).toBe('payment')
    expect(purposeOf({ address: keys.ordinals.address, label: 'Payment' })).toBe('payment')
    expect(purposeOf({ address: keys.payment.address, label: 'My Ordinals' })).toBe('ordinals')
    expect(purposeOf({ address: 'tb1pxyz', label: 7 })).toBe('ordinals')
    expect(purposeOf({ address: 'BCRT1Pxyz' })).toBe('ordinals')
  })
})
