import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPair,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  type ReadonlyUint8Array,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  verifySignature,
} from '@solana/kit'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Connector, StandardWallet } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import type { PorticoNetwork } from '../../options/index.js'
import type { AdapterEventHandlers, ChainAdapter, PreparedTransfer } from '../types.js'
import { createSolanaAdapter } from './createSolanaAdapter.js'

// The Solana adapter through the capabilities the connection, balance and send features call.
// Only the edge of the world is faked: the wallet (a Wallet Standard wallet object that signs for
// real with an ed25519 key) and the RPC server (a `fetch` answering JSON-RPC as a Solana node and
// the devnet's facade do: `{ context, value }` results, u64 amounts as bare JSON integers).

const DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const RPC_URL = 'http://127.0.0.1:8899'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
/** A token account (165 bytes) rents for (165 + 128) × 3 480 × 2 lamports. */
const TOKEN_ACCOUNT_RENT = 2_039_280n
/** Every signature costs 5 000 lamports. */
const SIGNATURE_FEE = 5_000n

const network: PorticoNetwork = {
  id: `solana:${DEVNET}`,
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { http: [RPC_URL] },
}

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const fixedAddress = (fill: number) => address(base58(new Uint8Array(32).fill(fill)))
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/** A compiled version-0 message as the wire carries it (no lookup tables here). */
type CompiledMessage = {
  staticAccounts: string[]
  lifetimeToken: string
  header: { numSignerAccounts: number }
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[]
}
const compiledMessage = (bytes: ReadonlyUint8Array) =>
  getCompiledTransactionMessageDecoder().decode(bytes) as unknown as CompiledMessage

/** The first input of the wallet's last feature call. */
function lastInput<T>(wallet: { calls: { inputs: unknown[] }[] }): T {
  const call = wallet.calls.at(-1)
  if (!call) throw new Error('the wallet was not called')
  return call.inputs[0] as T
}

/** JSON text with bigints written as bare integers, as a Solana node writes u64 amounts. */
function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `\u0001${v}` : v)).replace(
    /"\\u0001(-?\d+)"/g,
    '$1',
  )
}

type AccountState = { owner: string; lamports: bigint; data: Uint8Array }
type Override = (params: unknown[]) => unknown

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** A Solana JSON-RPC node in memory: what the adapter reads, and a real signature check on send. */
function createRpcServer() {
  const accounts = new Map<string, AccountState>()
  const statuses = new Map<string, { err: unknown; confirmationStatus: string | null }>()
  const state = {
    blockhash: base58(new Uint8Array(32).fill(9)),
    lastValidBlockHeight: 300n,
    blockHeight: 150n,
  }
  const calls: { method: string; params: unknown[] }[] = []
  /** Transactions that landed, as their wire bytes. */
  const sent: Uint8Array[] = []
  const overrides = new Map<string, Override>()
  const context = { slot: 151, apiVersion: '2.2.0' }

  async function land(wire: Uint8Array): Promise<string> {
    const transaction = getTransactionDecoder().decode(wire)
    for (const [signer, signature] of Object.entries(transaction.signatures)) {
      const key = await getPublicKeyFromAddress(address(signer))
      if (!signature || !(await verifySignature(key, signature, transaction.messageBytes))) {
        throw new RpcFailure(-32003, 'Transaction signature verification failure')
      }
    }
    const message = compiledMessage(transaction.messageBytes)
    if (message.lifetimeToken !== state.blockhash) {
      throw new RpcFailure(-32002, 'Blockhash not found')
    }
    sent.push(wire)
    const payer = message.staticAccounts[0] as string
    return base58((transaction.signatures as Record<string, Uint8Array>)[payer] as Uint8Array)
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getBalance: ([owner]) => ({
      context,
      value: accounts.get(owner as string)?.lamports ?? 0n,
    }),
    getLatestBlockhash: () => ({
      context,
      value: { blockhash: state.blockhash, lastValidBlockHeight: state.lastValidBlockHeight },
    }),
    getAccountInfo: ([key]) => {
      const account = accounts.get(key as string)
      return {
        context,
        value: account
          ? {
              data: [toBase64(account.data), 'base64'],
              executable: false,
              lamports: account.lamports,
              owner: account.owner,
              rentEpoch: 18_446_744_073_709_551_615n,
              space: BigInt(account.data.length),
            }
          : null,
      }
    },
    getFeeForMessage: ([message]) => {
      const compiled = compiledMessage(fromBase64(message as string))
      // A message whose blockhash is no longer valid has no fee, as on the clusters.
      const value =
        compiled.lifetimeToken === state.blockhash
          ? SIGNATURE_FEE * BigInt(compiled.header.numSignerAccounts)
          : null
      return { context, value }
    },
    getMinimumBalanceForRentExemption: ([size]) => BigInt((size as number) + 128) * 6_960n,
    sendTransaction: ([wire]) => land(fromBase64(wire as string)),
    getSignatureStatuses: ([signatures]) => ({
      context,
      value: (signatures as string[]).map((signature) => {
        const status = statuses.get(signature)
        return status
          ? {
              slot: 151,
              confirmations: null,
              err: status.err,
              status: status.err === null ? { Ok: null } : { Err: status.err },
              confirmationStatus: status.confirmationStatus,
            }
          : null
      }),
    }),
    getBlockHeight: () => state.blockHeight,
  }

  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe(RPC_URL)
    expect(init?.method).toBe('POST')
    const body = JSON.parse(String(init?.body)) as {
      jsonrpc: string
      id: number
      method: string
      params: unknown[]
    }
    expect(body.jsonrpc).toBe('2.0')
    calls.push({ method: body.method, params: body.params })
    const override = overrides.get(body.method)
    if (override) {
      const answer = await override(body.params)
      if (answer instanceof Response) return answer
      return new Response(jsonText({ jsonrpc: '2.0', id: body.id, ...(answer as object) }))
    }
    const method = methods[body.method]
    try {
      if (!method) throw new RpcFailure(-32601, 'Method not found')
      const result = await method(body.params)
      return new Response(jsonText({ jsonrpc: '2.0', id: body.id, result }))
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error
      return new Response(
        jsonText({
          jsonrpc: '2.0',
          id: body.id,
          error: { code: error.code, message: error.message },
        }),
      )
    }
  })

  return {
    fetch: fetchFn as unknown as typeof fetch,
    fetchMock: fetchFn,
    accounts,
    statuses,
    state,
    calls,
    sent,
    land,
    /** Answers `method` with `{ result }`, `{ error }` or a whole Response from now on. */
    answer(method: string, handler: Override) {
      overrides.set(method, handler)
    },
    methodsCalled: () => calls.map((call) => call.method),
  }
}
type RpcServer = ReturnType<typeof createRpcServer>

const rejection = () =>
  Object.assign(new Error('User rejected the request.'), { context: { __code: 4_001_000 } })

type Keys = { publicKey: CryptoKey; privateKey: CryptoKey; address: Address }
async function keys(): Promise<Keys> {
  const pair = await generateKeyPair()
  return { ...pair, address: await getAddressFromPublicKey(pair.publicKey) }
}

/**
 * A Wallet Standard wallet for Solana that signs with a real ed25519 key and sends through the
 * same RPC server. `refuse` makes a feature throw; `replace` swaps a feature's answer.
 */
function createSolanaWallet(
  server: RpcServer,
  key: Keys,
  {
    chains = ['solana:devnet', 'solana:mainnet'] as readonly string[],
    omit = [] as string[],
    authorized = false,
  } = {},
) {
  const listeners = new Set<(properties: unknown) => void>()
  const state = { authorized, extraAccounts: [] as unknown[] }
  const refusals = new Map<string, unknown>()
  const replacements = new Map<string, (...inputs: unknown[]) => unknown>()
  const calls: { feature: string; inputs: unknown[] }[] = []
  const account = {
    address: key.address as string,
    publicKey: getAddressEncoder().encode(key.address),
    chains,
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
    label: 'Devnet account 0',
  }

  async function signWire(wire: Uint8Array): Promise<Uint8Array> {
    const transaction = getTransactionDecoder().decode(wire)
    const signature = await signBytes(key.privateKey, transaction.messageBytes)
    return new Uint8Array(
      getTransactionEncoder().encode({
        ...transaction,
        signatures: { ...transaction.signatures, [key.address]: signature },
      }),
    )
  }

  function handle<A extends unknown[], R>(feature: string, run: (...inputs: A) => Promise<R>) {
    return async (...inputs: A) => {
      calls.push({ feature, inputs })
      if (refusals.has(feature)) throw refusals.get(feature)
      const replacement = replacements.get(feature)
      if (replacement) return replacement(...inputs)
      return run(...inputs)
    }
  }

  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: handle('standard:connect', async (input?: { silent?: boolean }) => {
        if (!input?.silent) state.authorized = true
        return { accounts: wallet.accounts }
      }),
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: handle('standard:disconnect', async () => {
        state.authorized = false
      }),
    },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: (properties: unknown) => void) {
        expect(event).toBe('change')
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: handle(
        'solana:signMessage',
        async (...inputs: { account: { address: string }; message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ account: signer, message }) => {
              expect(signer.address).toBe(key.address)
              return { signedMessage: message, signature: await signBytes(key.privateKey, message) }
            }),
          ),
      ),
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: handle(
        'solana:signTransaction',
        async (...inputs: { transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ transaction }) => ({
              signedTransaction: await signWire(transaction),
            })),
          ),
      ),
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: handle(
        'solana:signAndSendTransaction',
        async (...inputs: { transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ transaction }) => {
              const signature = await server.land(await signWire(transaction))
              return { signature: new Uint8Array(getBase58Encoder().encode(signature)) }
            }),
          ),
      ),
    },
  }
  for (const name of omit) delete features[name]

  const wallet: StandardWallet = {
    version: '1.0.0',
    name: 'Devnet Solana Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains,
    features,
    get accounts() {
      return (state.authorized ? [account, ...state.extraAccounts] : []) as never
    },
  }
  const connector: Connector = {
    id: 'devnet-solana-wallet',
    name: 'Devnet Solana Wallet',
    type: 'ANNOUNCED',
    chain: 'solana',
    wallet,
  }
  return {
    wallet,
    connector,
    account,
    state,
    calls,
    signWire,
    emit: (properties: unknown) => {
      for (const listener of listeners) listener(properties)
    },
    listenerCount: () => listeners.size,
    refuse: (feature: string, error: unknown) => refusals.set(feature, error),
    replace: (feature: string, run: (...inputs: unknown[]) => unknown) =>
      replacements.set(feature, run),
  }
}

/** A System transfer from the sender, compiled and signed by nobody: a transaction built elsewhere. */
function unsignedTransfer(blockhash: string, lamports: bigint): Uint8Array {
  const data = new Uint8Array(12)
  new DataView(data.buffer).setUint32(0, 2, true)
  new DataView(data.buffer).setBigUint64(4, lamports, true)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(sender.address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 300n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address(SYSTEM_PROGRAM),
          accounts: [
            { address: sender.address, role: AccountRole.WRITABLE_SIGNER },
            { address: receiverKeys.address, role: AccountRole.WRITABLE },
          ],
          data,
        },
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
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

/** What a wallet was handed to sign, decoded: payer, blockhash and each instruction. */
function decodeTransaction(wire: Uint8Array) {
  const transaction = getTransactionDecoder().decode(wire)
  const message = compiledMessage(transaction.messageBytes)
  const keysOf = message.staticAccounts as string[]
  return {
    signers: Object.keys(transaction.signatures),
    feePayer: keysOf[0],
    blockhash: message.lifetimeToken,
    instructions: message.instructions.map((instruction) => ({
      program: keysOf[instruction.programAddressIndex],
      accounts: (instruction.accountIndices ?? []).map((index) => keysOf[index]),
      data: new Uint8Array(instruction.data ?? []),
    })),
  }
}

const u64At = (data: Uint8Array, offset: number) =>
  new DataView(data.buffer, data.byteOffset).getBigUint64(offset, true)

async function ataOf(owner: string, mint: string, tokenProgram: string) {
  const encoder = getAddressEncoder()
  const [derived] = await getProgramDerivedAddress({
    programAddress: address(ATA_PROGRAM),
    seeds: [
      encoder.encode(address(owner)),
      encoder.encode(address(tokenProgram)),
      encoder.encode(address(mint)),
    ],
  })
  return derived as string
}

/** A mint account as SPL Token lays it out: supply at 36, decimals at 44, initialized at 45. */
function mintData(decimals: number, { initialized = true, size = 82 } = {}) {
  const data = new Uint8Array(size)
  new DataView(data.buffer).setBigUint64(36, 1_000_000_000_000n, true)
  data[44] = decimals
  data[45] = initialized ? 1 : 0
  return data
}

let sender: Keys
let receiverKeys: Keys
beforeAll(async () => {
  ;[sender, receiverKeys] = await Promise.all([keys(), keys()])
})

function setup(options?: Parameters<typeof createSolanaWallet>[2]) {
  const server = createRpcServer()
  const wallet = createSolanaWallet(server, sender, options)
  const adapter = createSolanaAdapter({ fetch: server.fetch })
  return { server, wallet, adapter, connector: wallet.connector }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('connecting a Solana wallet', () => {
  it('returns the shared address and the CAIP-2 references of its chains', async () => {
    const { adapter, connector, wallet } = setup()
    const account = await adapter.connection.connect(connector)
    expect(account).toEqual({
      addresses: [sender.address],
      chainReference: DEVNET,
      chains: [DEVNET, MAINNET],
    })
    expect(wallet.calls.map((c) => c.feature)).toEqual(['standard:connect'])
    // Asked to connect, the wallet may prompt: the adapter does not ask for a silent answer.
    expect(wallet.calls[0]?.inputs).toEqual([undefined])
    expect(adapter.namespace).toBe('solana')
  })

  it('keeps accounts that name no chain or a Solana chain, and drops the others', async () => {
    const { adapter, connector, wallet } = setup({ chains: ['solana:localnet'] })
    wallet.state.extraAccounts = [
      { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', chains: ['bitcoin:mainnet'] },
      { address: receiverKeys.address, chains: [] },
      { address: 42, chains: ['solana:devnet'] },
      { address: 'x'.repeat(129), chains: ['solana:devnet'] },
      { address: fixedAddress(3), chains: ['solana:devnet', 7] },
      // A multi-chain account that may be used on Solana too.
      { address: fixedAddress(4), chains: ['bitcoin:mainnet', 'solana:devnet'] },
    ]
    const account = await adapter.connection.connect(connector)
    expect(account.addresses).toEqual([sender.address, receiverKeys.address, fixedAddress(4)])
    // `solana:localnet` is anybody's validator: no genesis hash names it.
    expect(account.chainReference).toBe('unknown')
    expect(account.chains).toEqual([])
  })

  it('fails when the wallet shares no Solana account', async () => {
    const { adapter, connector, wallet } = setup({ chains: ['bitcoin:mainnet'] })
    const error = await caught(adapter.connection.connect(connector))
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet shared no Solana account')
    wallet.replace('standard:connect', async () => 'not an object')
    expect((await caught(adapter.connection.connect(connector))).message).toBe(
      'The wallet shared no Solana account',
    )
  })

  it('says the user rejected, with code 4001, for the Wallet Standard and EIP-1193 codes', async () => {
    const { adapter, connector, wallet } = setup()
    wallet.refuse('standard:connect', rejection())
    const error = await caught(adapter.connection.connect(connector))
    expect(error.code).toBe('USER_REJECTED')
    expect(error.message).toBe('The wallet rejected the connection request')
    expect(error.details).toEqual({ code: 4001 })
    wallet.refuse('standard:connect', { code: 4001, message: 'User rejected' })
    expect((await caught(adapter.connection.connect(connector))).code).toBe('USER_REJECTED')
  })

  it('passes on what else the wallet said, as a WALLET_ERROR', async () => {
    const { adapter, connector, wallet } = setup()
    wallet.refuse('standard:connect', new Error('Wallet is locked'))
    const error = await caught(adapter.connection.connect(connector))
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The wallet failed the connection request: Wallet is locked')
  })

  it('refuses a connector without a Wallet Standard wallet, or a wallet that cannot connect', async () => {
    const { adapter, connector } = setup({ omit: ['standard:connect'] })
    const error = await caught(adapter.connection.connect(connector))
    expect(error.message).toBe('Devnet Solana Wallet does not support standard:connect')
    expect(error.details).toEqual({ feature: 'standard:connect' })
    const bare: Connector = { id: 'x', name: 'Plain', type: 'INJECTED', chain: 'solana' }
    const noWallet = await caught(adapter.connection.connect(bare))
    expect(noWallet.code).toBe('WALLET_ERROR')
    expect(noWallet.message).toBe('Plain is not a Wallet Standard wallet')
  })

  it('reconnects without asking a wallet that still shares its accounts', async () => {
    const { adapter, connector, wallet } = setup({ authorized: true })
    expect(await adapter.connection.reconnect(connector)).toEqual({
      addresses: [sender.address],
      chainReference: DEVNET,
      chains: [DEVNET, MAINNET],
    })
    expect(wallet.calls).toEqual([])
  })

  it('asks silently otherwise, and restores nothing when the site is not authorised', async () => {
    const { adapter, connector, wallet } = setup()
    expect(await adapter.connection.reconnect(connector)).toBeUndefined()
    expect(wallet.calls).toEqual([{ feature: 'standard:connect', inputs: [{ silent: true }] }])
    wallet.replace('standard:connect', async () => ({
      accounts: [{ address: sender.address, chains: ['solana:mainnet'] }],
    }))
    expect(await adapter.connection.reconnect(connector)).toEqual({
      addresses: [sender.address],
      chainReference: MAINNET,
      chains: [MAINNET],
    })
  })

  it('says the user rejected a reconnection, and why another one failed', async () => {
    const { adapter, connector, wallet } = setup()
    wallet.refuse('standard:connect', rejection())
    const error = await caught(adapter.connection.reconnect(connector))
    expect(error.code).toBe('USER_REJECTED')
    expect(error.message).toBe('The wallet rejected the reconnection')
    wallet.refuse('standard:connect', new Error('gone'))
    expect((await caught(adapter.connection.reconnect(connector))).message).toBe(
      'The wallet failed the reconnection: gone',
    )
    const { adapter: other, connector: noConnect } = setup({ omit: ['standard:connect'] })
    expect((await caught(other.connection.reconnect(noConnect))).message).toBe(
      'Devnet Solana Wallet does not support standard:connect',
    )
  })

  it('asks the wallet to forget the site, and shrugs when it cannot', async () => {
    const { adapter, connector, wallet } = setup({ authorized: true })
    await adapter.connection.disconnect(connector)
    expect(wallet.state.authorized).toBe(false)
    wallet.refuse('standard:disconnect', new Error('no'))
    await expect(adapter.connection.disconnect(connector)).resolves.toBeUndefined()
    const { adapter: other, connector: noDisconnect } = setup({ omit: ['standard:disconnect'] })
    await expect(other.connection.disconnect(noDisconnect)).resolves.toBeUndefined()
  })
})

describe('following a Solana wallet', () => {
  function recorder() {
    const events: unknown[][] = []
    const handlers: AdapterEventHandlers = {
      accountsChanged: (...args) => events.push(['accountsChanged', ...args]),
      chainChanged: (...args) => events.push(['chainChanged', ...args]),
      disconnect: () => events.push(['disconnect']),
    }
    return { events, handlers }
  }

  it('follows account changes with their chains, and an empty list when the site is cut off', () => {
    const { adapter, connector, wallet } = setup()
    const { events, handlers } = recorder()
    const off = adapter.connection.subscribe(connector, handlers)
    wallet.emit({
      accounts: [
        { address: receiverKeys.address, chains: ['solana:mainnet', 'solana:devnet'] },
        { address: sender.address, chains: ['solana:devnet'] },
      ],
    })
    wallet.emit({ accounts: [] })
    wallet.emit({
      accounts: [
        { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', chains: ['bitcoin:mainnet'] },
      ],
    })
    expect(events).toEqual([
      ['accountsChanged', [receiverKeys.address, sender.address], [MAINNET, DEVNET]],
      ['accountsChanged', []],
      ['accountsChanged', []],
    ])
    off()
    expect(wallet.listenerCount()).toBe(0)
    wallet.emit({ accounts: [] })
    expect(events).toHaveLength(3)
  })

  it('ignores changes that do not concern accounts, malformed events and a throwing handler', () => {
    const { adapter, connector, wallet } = setup()
    const { events, handlers } = recorder()
    adapter.connection.subscribe(connector, handlers)
    wallet.emit({ chains: ['solana:devnet'] })
    wallet.emit(null)
    wallet.emit('accounts')
    wallet.emit({ accounts: 'everything' })
    expect(events).toEqual([['accountsChanged', []]])
    const throwing = {
      ...handlers,
      accountsChanged: () => {
        throw new Error('app bug')
      },
    }
    adapter.connection.subscribe(connector, throwing)
    expect(() => wallet.emit({ accounts: [] })).not.toThrow()
  })

  it('does nothing for a wallet without events, or whose `on` returns no function', () => {
    const { adapter, connector } = setup({ omit: ['standard:events'] })
    const off = adapter.connection.subscribe(connector, recorder().handlers)
    expect(off()).toBeUndefined()
    const odd = setup()
    ;(odd.wallet.wallet.features as Record<string, unknown>)['standard:events'] = {
      on: () => 'no function',
    }
    expect(odd.adapter.connection.subscribe(odd.connector, recorder().handlers)()).toBeUndefined()
  })

  it('switches to a network the account may be used on, and refuses another', async () => {
    const { adapter, connector } = setup({ authorized: true, chains: ['solana:devnet'] })
    const mainnet = { ...network, id: `solana:${MAINNET}` as const, name: 'Solana' }
    await expect(adapter.networks?.switchNetwork(connector, network)).resolves.toBeUndefined()
    const error = await caught(adapter.networks?.switchNetwork(connector, mainnet) as Promise<void>)
    expect(error.code).toBe('UNSUPPORTED_CHAIN')
    expect(error.message).toBe('Unsupported chain')
    expect(error.details).toEqual({ id: `solana:${MAINNET}` })
  })

  it('tells Solana addresses from other text', () => {
    const { adapter } = setup()
    expect(adapter.isAddress(sender.address)).toBe(true)
    expect(adapter.isAddress(SYSTEM_PROGRAM)).toBe(true)
    expect(adapter.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(adapter.isAddress(`${SYSTEM_PROGRAM}0`)).toBe(false)
  })
})

describe('signing with a Solana wallet', () => {
  it('returns the wallet’s ed25519 signature of the message, base58, that verifies', async () => {
    const { adapter, connector } = setup({ authorized: true })
    const message = 'Sign in to Portico\nNonce: 8a1f'
    const signature = await adapter.signing?.signMessage(connector, sender.address, message)
    const bytes = getBase58Encoder().encode(signature as string)
    expect(bytes).toHaveLength(64)
    const encoded = new TextEncoder().encode(message)
    expect(await verifySignature(sender.publicKey, bytes as SignatureBytes, encoded)).toBe(true)
    // Another message or another key does not verify: the signature is the wallet's, of this text.
    const other = new TextEncoder().encode(`${message}!`)
    expect(await verifySignature(sender.publicKey, bytes as SignatureBytes, other)).toBe(false)
    expect(await verifySignature(receiverKeys.publicKey, bytes as SignatureBytes, encoded)).toBe(
      false,
    )
  })

  it('refuses a signature that is not 64 bytes, and an address the wallet no longer shares', async () => {
    const { adapter, connector, wallet } = setup({ authorized: true })
    for (const signature of [new Uint8Array(63), 'abc', undefined]) {
      wallet.replace('solana:signMessage', async () => [{ signature }])
      const error = await caught(
        adapter.signing?.signMessage(connector, sender.address, 'hi') as Promise<string>,
      )
      expect(error.code).toBe('WALLET_ERROR')
      expect(error.message).toBe('The wallet answered the signature request with no signature')
    }
    wallet.replace('solana:signMessage', async () => [])
    expect(
      (
        await caught(
          adapter.signing?.signMessage(connector, sender.address, 'hi') as Promise<string>,
        )
      ).message,
    ).toBe('The wallet answered the signature request with no signature')
    const gone = await caught(
      adapter.signing?.signMessage(connector, receiverKeys.address, 'hi') as Promise<string>,
    )
    expect(gone.code).toBe('WALLET_ERROR')
    expect(gone.message).toBe(`Devnet Solana Wallet no longer shares ${receiverKeys.address}`)
  })

  it('says the user rejected the signature request', async () => {
    const { adapter, connector, wallet } = setup({ authorized: true })
    wallet.refuse('solana:signMessage', rejection())
    const error = await caught(
      adapter.signing?.signMessage(connector, sender.address, 'hi') as Promise<string>,
    )
    expect(error.code).toBe('USER_REJECTED')
    expect(error.message).toBe('The wallet rejected the signature request')
    const { adapter: other, connector: cannot } = setup({
      authorized: true,
      omit: ['solana:signMessage'],
    })
    expect(
      (await caught(other.signing?.signMessage(cannot, sender.address, 'hi') as Promise<string>))
        .message,
    ).toBe('Devnet Solana Wallet does not support solana:signMessage')
  })
})

describe('WalletConnect-style Solana requests', () => {
  const request = (
    adapter: ChainAdapter,
    connector: Connector,
    method: string,
    params?: readonly unknown[],
  ) => adapter.signing?.request(connector, method, params) as Promise<Record<string, string>>

  it('solana_signMessage takes base58 and answers a signature that verifies', async () => {
    const { adapter, connector } = setup({ authorized: true })
    const message = new TextEncoder().encode('hello')
    const answer = await request(adapter, connector, 'solana_signMessage', [
      { message: base58(message), pubkey: sender.address },
    ])
    const signature = getBase58Encoder().encode(answer.signature as string) as SignatureBytes
    expect(await verifySignature(sender.publicKey, signature, message)).toBe(true)
  })

  it('solana_signTransaction answers the payer’s signature and the signed transaction', async () => {
    const { adapter, connector, server, wallet } = setup({ authorized: true })
    const unsigned = unsignedTransfer(server.state.blockhash, 1n)
    const answer = await request(adapter, connector, 'solana_signTransaction', [
      { transaction: toBase64(unsigned) },
    ])
    const signed = getTransactionDecoder().decode(fromBase64(answer.transaction as string))
    expect(answer.signature).toBe(base58(signed.signatures[sender.address] as Uint8Array))
    expect(
      await verifySignature(
        sender.publicKey,
        getBase58Encoder().encode(answer.signature as string) as SignatureBytes,
        signed.messageBytes,
      ),
    ).toBe(true)
    // The chain handed to the wallet is the account's first when the request names none.
    expect(lastInput<{ chain: string }>(wallet).chain).toBe('solana:devnet')
    await request(adapter, connector, 'solana_signTransaction', [
      { transaction: toBase64(unsigned), chain: 'solana:mainnet', pubkey: sender.address },
    ])
    expect(lastInput<{ chain: string }>(wallet).chain).toBe('solana:mainnet')
    // Signing is not sending.
    expect(server.sent).toEqual([])
  })

  it('solana_signAndSendTransaction answers the signature of the transaction that landed', async () => {
    const { adapter, connector, server, wallet } = setup({ authorized: true })
    const answer = await request(adapter, connector, 'solana_signAndSendTransaction', [
      { transaction: toBase64(unsignedTransfer(server.state.blockhash, 10n)) },
    ])
    expect(server.sent).toHaveLength(1)
    const landed = getTransactionDecoder().decode(server.sent[0] as Uint8Array)
    expect(answer.signature).toBe(base58(landed.signatures[sender.address] as Uint8Array))
    expect(lastInput<{ chain: string }>(wallet).chain).toBe('solana:devnet')
  })

  it('refuses params that are not text, an unknown method, and a wallet with no account', async () => {
    const { adapter, connector } = setup({ authorized: true })
    for (const [method, field, params] of [
      ['solana_signMessage', 'message', [{ message: 42 }]],
      ['solana_signMessage', 'message', [{ message: 'not base58 0OIl' }]],
      ['solana_signTransaction', 'transaction', []],
      ['solana_signAndSendTransaction', 'transaction', ['just text']],
    ] as const) {
      const error = await caught(request(adapter, connector, method, params))
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.message).toBe(`${method} needs ${field} as text`)
      expect(error.details).toEqual({ field })
    }
    const unknown = await caught(request(adapter, connector, 'solana_burnEverything'))
    expect(unknown.code).toBe('INVALID_INPUT')
    expect(unknown.message).toBe('Solana wallets do not take solana_burnEverything')
    const stranger = await caught(
      request(adapter, connector, 'solana_signMessage', [
        { message: 'abc', pubkey: receiverKeys.address },
      ]),
    )
    expect(stranger.message).toBe(`Devnet Solana Wallet no longer shares ${receiverKeys.address}`)
    const { adapter: other, connector: empty } = setup()
    const none = await caught(request(other, empty, 'solana_signMessage', [{ message: 'abc' }]))
    expect(none.code).toBe('NO_ACTIVE_CAIP_ADDRESS')
  })

  it('says what the wallet did wrong: rejected, no signed transaction, no signature', async () => {
    const { adapter, connector, wallet } = setup({ authorized: true })
    wallet.refuse('solana:signMessage', rejection())
    const rejected = await caught(
      request(adapter, connector, 'solana_signMessage', [{ message: 'abc' }]),
    )
    expect(rejected.code).toBe('USER_REJECTED')
    expect(rejected.message).toBe('The wallet rejected the solana_signMessage')
    wallet.replace('solana:signTransaction', async () => [{ signedTransaction: 'AAAA' }])
    const unsigned = await caught(
      request(adapter, connector, 'solana_signTransaction', [{ transaction: 'AAAA' }]),
    )
    expect(unsigned.message).toBe('The wallet answered with no signed transaction')
    wallet.replace('solana:signAndSendTransaction', async () => [{ signature: new Uint8Array(8) }])
    const short = await caught(
      request(adapter, connector, 'solana_signAndSendTransaction', [{ transaction: 'AAAA' }]),
    )
    expect(short.message).toBe('The wallet answered the transaction with no signature')
    wallet.refuse('solana:signAndSendTransaction', new Error('Simulation failed'))
    const failed = await caught(
      request(adapter, connector, 'solana_signAndSendTransaction', [{ transaction: 'AAAA' }]),
    )
    expect(failed.code).toBe('WALLET_ERROR')
    expect(failed.message).toBe(
      'The wallet failed the solana_signAndSendTransaction: Simulation failed',
    )
  })
})

describe('Solana balances', () => {
  it('reads lamports as SOL with 9 decimals and the network’s symbol', async () => {
    const { adapter, server } = setup()
    server.accounts.set(sender.address, {
      owner: SYSTEM_PROGRAM,
      lamports: 1_500_000_000n,
      data: new Uint8Array(),
    })
    expect(await adapter.balances?.getNativeBalance(sender.address, network)).toEqual({
      value: 1_500_000_000n,
      decimals: 9,
      symbol: 'SOL',
      formatted: '1.5',
    })
    expect(server.calls).toEqual([
      { method: 'getBalance', params: [sender.address, { commitment: 'confirmed' }] },
    ])
  })

  it('reads an amount beyond 2^53 lamports exactly, and an empty account as 0', async () => {
    const { adapter, server } = setup()
    server.accounts.set(sender.address, {
      owner: SYSTEM_PROGRAM,
      lamports: 18_446_744_073_709_551_615n,
      data: new Uint8Array(),
    })
    const balance = await adapter.balances?.getNativeBalance(sender.address, network)
    expect(balance?.value).toBe(18_446_744_073_709_551_615n)
    expect(balance?.formatted).toBe('18446744073.709551615')
    expect((await adapter.balances?.getNativeBalance(receiverKeys.address, network))?.value).toBe(
      0n,
    )
  })

  it('says the RPC answered 503, sent no JSON, or a value of the wrong type', async () => {
    const { adapter, server } = setup()
    const balance = () =>
      adapter.balances?.getNativeBalance(sender.address, network) as Promise<unknown>
    server.answer('getBalance', () => new Response('Service Unavailable', { status: 503 }))
    const unavailable = await caught(balance())
    expect(unavailable.code).toBe('API_ERROR')
    expect(unavailable.message).toBe('The Solana RPC answered getBalance with 503')
    expect(unavailable.details).toEqual({ method: 'getBalance', status: 503 })
    server.answer('getBalance', () => new Response('{"jsonrpc":"2.0","result":'))
    const notJson = await caught(balance())
    expect(notJson.code).toBe('INVALID_RESPONSE')
    expect(notJson.message).toBe('The Solana RPC answered getBalance with no JSON')
    server.answer('getBalance', () => ({ result: { context: { slot: 1 }, value: '1500000000' } }))
    const text = await caught(balance())
    expect(text.code).toBe('INVALID_RESPONSE')
    expect(text.message).toBe('The Solana RPC answered getBalance with an amount that is no u64')
    server.answer('getBalance', () => ({ result: 1_500_000_000 }))
    expect((await caught(balance())).message).toBe(
      'The Solana RPC answered getBalance with no value',
    )
  })

  it('passes on the node’s refusal, cleaned and cut to 200 characters', async () => {
    const { adapter, server } = setup()
    server.answer('getBalance', () => ({
      error: { code: -32602, message: `Invalid param: WrongSize\u0007${'x'.repeat(300)}` },
    }))
    const error = await caught(
      adapter.balances?.getNativeBalance(sender.address, network) as Promise<unknown>,
    )
    expect(error.code).toBe('API_ERROR')
    expect(
      error.message.startsWith('The Solana RPC refused getBalance: Invalid param: WrongSize'),
    ).toBe(true)
    expect(error.message).not.toContain('\u0007')
    expect(error.message.length).toBeLessThanOrEqual(
      'The Solana RPC refused getBalance: '.length + 200,
    )
    expect(error.details).toMatchObject({ method: 'getBalance', code: -32602 })
  })

  it('needs an RPC URL for the network', async () => {
    const { adapter } = setup()
    const error = await caught(
      adapter.balances?.getNativeBalance(sender.address, {
        ...network,
        rpcUrls: { http: [] },
      }) as Promise<unknown>,
    )
    expect(error.code).toBe('NETWORK_NOT_FOUND')
    expect(error.details).toEqual({ id: `solana:${DEVNET}` })
  })

  it('gives up on an RPC that does not answer within 30 s', async () => {
    vi.useFakeTimers()
    const { adapter, server } = setup()
    let signal: AbortSignal | undefined
    server.fetchMock.mockImplementationOnce(async (_input, init) => {
      signal = init?.signal ?? undefined
      return new Promise<Response>(() => undefined)
    })
    const pending = caught(
      adapter.balances?.getNativeBalance(sender.address, network) as Promise<unknown>,
    )
    await vi.advanceTimersByTimeAsync(29_999)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error.code).toBe('TIMEOUT')
    expect(error.message).toBe('The Solana RPC did not answer getBalance in time')
    expect(error.details).toEqual({ method: 'getBalance', seconds: 30 })
    expect(signal?.aborted).toBe(true)
  })

  it('says the RPC could not be reached', async () => {
    const adapter = createSolanaAdapter({
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    })
    const error = await caught(
      adapter.balances?.getNativeBalance(sender.address, network) as Promise<unknown>,
    )
    expect(error.code).toBe('API_ERROR')
    expect(error.message).toBe('The Solana RPC could not be reached (getBalance)')
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('uses the global fetch when the app gives none', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":1},"value":42}}'),
      )
    try {
      expect(
        (await createSolanaAdapter().balances?.getNativeBalance(sender.address, network))?.value,
      ).toBe(42n)
      expect(spy).toHaveBeenCalledOnce()
    } finally {
      spy.mockRestore()
    }
  })
})

describe('sending SOL', () => {
  const solTransfer = (amount: bigint, to: string = receiverKeys.address) => ({
    from: sender.address,
    to,
    tokenAddress: undefined,
    amount,
    network,
    noReturnTransfer: false,
  })

  it('prepares a System transfer and quotes one signature’s fee', async () => {
    const { adapter } = setup()
    const prepared = (await adapter.transfers?.prepareTransfer(
      solTransfer(250_000_000n),
    )) as PreparedTransfer
    expect(prepared.chainId).toBe(`solana:${DEVNET}`)
    expect(prepared.from).toBe(sender.address)
    expect(prepared.fee).toEqual({ value: 5_000n, formatted: '0.000005', symbol: 'SOL' })
  })

  it('hands the wallet the transfer to sign and send: payer, recipient, amount, blockhash', async () => {
    const { adapter, connector, server, wallet } = setup({ authorized: true })
    const prepared = (await adapter.transfers?.prepareTransfer(
      solTransfer(250_000_000n),
    )) as PreparedTransfer
    // The blockhash moved on since the preview: the wallet gets a fresh one.
    server.state.blockhash = base58(new Uint8Array(32).fill(10))
    const signature = await adapter.transfers?.sendTransfer(connector, prepared)
    const call = wallet.calls.at(-1)
    expect(call?.feature).toBe('solana:signAndSendTransaction')
    const input = call?.inputs[0] as {
      transaction: Uint8Array
      chain: string
      account: { address: string }
      options: unknown
    }
    expect(input.chain).toBe('solana:devnet')
    expect(input.account.address).toBe(sender.address)
    expect(input.options).toEqual({ preflightCommitment: 'confirmed' })
    const sent = decodeTransaction(input.transaction)
    expect(sent.feePayer).toBe(sender.address)
    expect(sent.signers).toEqual([sender.address])
    expect(sent.blockhash).toBe(server.state.blockhash)
    expect(sent.instructions).toHaveLength(1)
    const [transfer] = sent.instructions
    expect(transfer?.program).toBe(SYSTEM_PROGRAM)
    expect(transfer?.accounts).toEqual([sender.address, receiverKeys.address])
    expect(transfer?.data).toHaveLength(12)
    expect(new DataView(transfer?.data.buffer as ArrayBuffer).getUint32(0, true)).toBe(2)
    expect(u64At(transfer?.data as Uint8Array, 4)).toBe(250_000_000n)
    // The signature the adapter returns is the one of the transaction that landed.
    const landed = getTransactionDecoder().decode(server.sent[0] as Uint8Array)
    expect(signature).toBe(base58(landed.signatures[sender.address] as Uint8Array))
  })

  it('signs then sends itself through the RPC when the wallet cannot send', async () => {
    const { adapter, connector, server, wallet } = setup({
      authorized: true,
      omit: ['solana:signAndSendTransaction'],
    })
    const prepared = (await adapter.transfers?.prepareTransfer(solTransfer(1n))) as PreparedTransfer
    const signature = await adapter.transfers?.sendTransfer(connector, prepared)
    expect(wallet.calls.at(-1)?.feature).toBe('solana:signTransaction')
    const send = server.calls.find((c) => c.method === 'sendTransaction')
    expect(send?.params[1]).toEqual({ encoding: 'base64', preflightCommitment: 'confirmed' })
    const landed = getTransactionDecoder().decode(server.sent[0] as Uint8Array)
    expect(signature).toBe(base58(landed.signatures[sender.address] as Uint8Array))
    // A signature the node does not accept is the node's refusal, in words.
    wallet.replace('solana:signTransaction', async (...inputs) => {
      const { transaction } = inputs[0] as { transaction: Uint8Array }
      const signed = await wallet.signWire(transaction)
      signed[1] = (signed[1] as number) ^ 1
      return [{ signedTransaction: signed }]
    })
    const refused = await caught(
      adapter.transfers?.sendTransfer(connector, prepared) as Promise<string>,
    )
    expect(refused.code).toBe('API_ERROR')
    expect(refused.message).toBe(
      'The Solana RPC refused sendTransaction: Transaction signature verification failure',
    )
  })

  it('falls back to a fee of 5 000 lamports a signature when the blockhash expired meanwhile', async () => {
    const { adapter, server } = setup()
    server.answer('getFeeForMessage', () => ({ result: { context: { slot: 1 }, value: null } }))
    const prepared = await adapter.transfers?.prepareTransfer(solTransfer(1n))
    expect(prepared?.fee.value).toBe(5_000n)
  })

  it('refuses a zero amount and what is not a Solana address', async () => {
    const { adapter, server } = setup()
    const zero = await caught(
      adapter.transfers?.prepareTransfer(solTransfer(0n)) as Promise<unknown>,
    )
    expect(zero.code).toBe('INVALID_INPUT')
    expect(zero.message).toBe('The amount must be above zero')
    const bad = await caught(
      adapter.transfers?.prepareTransfer(
        solTransfer(1n, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'),
      ) as Promise<unknown>,
    )
    expect(bad.code).toBe('INVALID_INPUT')
    expect(bad.message).toBe('The receiver is not a Solana address')
    expect(bad.details).toEqual({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    const badSender = await caught(
      adapter.transfers?.prepareTransfer({ ...solTransfer(1n), from: 'me' }) as Promise<unknown>,
    )
    expect(badSender.message).toBe('The sender is not a Solana address')
    expect(server.calls).toEqual([])
  })

  it('refuses to send what was not prepared for Solana, or from an account no longer shared', async () => {
    const { adapter, connector, server } = setup({ authorized: true })
    const evmRequest: PreparedTransfer = {
      chainId: 'eip155:1',
      from: sender.address,
      request: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' },
      fee: { value: 1n, formatted: '0', symbol: 'ETH' },
    }
    const foreign = await caught(
      adapter.transfers?.sendTransfer(connector, evmRequest) as Promise<string>,
    )
    expect(foreign.code).toBe('INVALID_INPUT')
    expect(foreign.message).toBe('This transfer was not prepared for Solana')
    const prepared = (await adapter.transfers?.prepareTransfer(solTransfer(1n))) as PreparedTransfer
    // A Solana request that lost any one of its parts is refused as well.
    const parts = prepared.request as Record<string, unknown>
    for (const broken of [
      { ...parts, feePayer: undefined },
      { ...parts, rpcUrl: 42 },
      { ...parts, instructions: 'transfer' },
    ]) {
      const error = await caught(
        adapter.transfers?.sendTransfer(connector, {
          ...prepared,
          request: broken,
        }) as Promise<string>,
      )
      expect(error.message).toBe('This transfer was not prepared for Solana')
    }
    const gone = await caught(
      adapter.transfers?.sendTransfer(connector, {
        ...prepared,
        from: receiverKeys.address,
      }) as Promise<string>,
    )
    expect(gone.message).toBe(`Devnet Solana Wallet no longer shares ${receiverKeys.address}`)
    expect(server.sent).toEqual([])
  })

  it('says the user rejected the transaction, and what a wallet answered wrongly', async () => {
    const { adapter, connector, wallet, server } = setup({ authorized: true })
    const prepared = (await adapter.transfers?.prepareTransfer(solTransfer(1n))) as PreparedTransfer
    // A wallet that answers nothing, or no signature of 64 bytes: sent or not, we cannot follow it.
    for (const answer of [[], [{ signature: new Uint8Array(63) }]]) {
      wallet.replace('solana:signAndSendTransaction', async () => answer)
      const unsure = await caught(
        adapter.transfers?.sendTransfer(connector, prepared) as Promise<string>,
      )
      expect(unsure.code).toBe('WALLET_ERROR')
      expect(unsure.message).toBe('The wallet answered the transaction with no signature')
    }
    wallet.refuse('solana:signAndSendTransaction', rejection())
    const rejected = await caught(
      adapter.transfers?.sendTransfer(connector, prepared) as Promise<string>,
    )
    expect(rejected.code).toBe('USER_REJECTED')
    expect(rejected.message).toBe('The wallet rejected the transaction')
    // A wallet that throws nothing in particular.
    wallet.refuse('solana:signAndSendTransaction', undefined)
    const nothing = await caught(
      adapter.transfers?.sendTransfer(connector, prepared) as Promise<string>,
    )
    expect(nothing.code).toBe('WALLET_ERROR')
    expect(nothing.message).toBe('The wallet failed the transaction')
    const {
      adapter: other,
      connector: signOnly,
      wallet: signer,
    } = setup({
      authorized: true,
      omit: ['solana:signAndSendTransaction'],
    })
    const again = (await other.transfers?.prepareTransfer(solTransfer(1n))) as PreparedTransfer
    signer.replace('solana:signTransaction', async () => [{ signedTransaction: null }])
    const unsigned = await caught(other.transfers?.sendTransfer(signOnly, again) as Promise<string>)
    expect(unsigned.message).toBe('The wallet answered with no signed transaction')
    const { adapter: third, connector: cannot } = setup({
      authorized: true,
      omit: ['solana:signAndSendTransaction', 'solana:signTransaction'],
    })
    const none = await caught(third.transfers?.sendTransfer(cannot, again) as Promise<string>)
    expect(none.message).toBe('Devnet Solana Wallet does not support solana:signTransaction')
    expect(server.sent).toEqual([])
  })
})

describe('sending an SPL token', () => {
  const mint = fixedAddress(5)

  function withMint(server: RpcServer, tokenProgram = TOKEN_PROGRAM, data = mintData(6)) {
    server.accounts.set(mint, { owner: tokenProgram, lamports: 1_461_600n, data })
  }
  async function withTokenAccount(server: RpcServer, owner: string, tokenProgram = TOKEN_PROGRAM) {
    server.accounts.set(await ataOf(owner, mint, tokenProgram), {
      owner: tokenProgram,
      lamports: TOKEN_ACCOUNT_RENT,
      data: new Uint8Array(165),
    })
  }
  const tokenTransfer = (amount: bigint) => ({
    from: sender.address,
    to: receiverKeys.address,
    tokenAddress: mint as string,
    amount,
    network,
    noReturnTransfer: false,
  })

  async function sentInstructions(
    adapter: ChainAdapter,
    connector: Connector,
    wallet: ReturnType<typeof createSolanaWallet>,
    prepared: PreparedTransfer,
  ) {
    await adapter.transfers?.sendTransfer(connector, prepared)
    const input = wallet.calls.at(-1)?.inputs[0] as { transaction: Uint8Array }
    return decodeTransaction(input.transaction).instructions
  }

  it('creates the receiver’s token account when it has none, and the sender pays its rent', async () => {
    const { adapter, connector, server, wallet } = setup({ authorized: true })
    withMint(server)
    await withTokenAccount(server, sender.address)
    const prepared = (await adapter.transfers?.prepareTransfer(
      tokenTransfer(2_500_000n),
    )) as PreparedTransfer
    expect(prepared.fee).toEqual({
      value: 5_000n + TOKEN_ACCOUNT_RENT,
      formatted: '0.00204428',
      symbol: 'SOL',
    })
    expect(
      server.calls.find((c) => c.method === 'getMinimumBalanceForRentExemption')?.params[0],
    ).toBe(165)
    const source = await ataOf(sender.address, mint, TOKEN_PROGRAM)
    const destination = await ataOf(receiverKeys.address, mint, TOKEN_PROGRAM)
    const [create, transfer, ...rest] = await sentInstructions(adapter, connector, wallet, prepared)
    expect(rest).toEqual([])
    expect(create).toEqual({
      program: ATA_PROGRAM,
      accounts: [
        sender.address,
        destination,
        receiverKeys.address,
        mint,
        SYSTEM_PROGRAM,
        TOKEN_PROGRAM,
      ],
      data: new Uint8Array([1]),
    })
    expect(transfer?.program).toBe(TOKEN_PROGRAM)
    expect(transfer?.accounts).toEqual([source, mint, destination, sender.address])
    expect(transfer?.data[0]).toBe(12)
    expect(u64At(transfer?.data as Uint8Array, 1)).toBe(2_500_000n)
    expect(transfer?.data[9]).toBe(6)
    expect(transfer?.data).toHaveLength(10)
  })

  it('does not create the receiver’s account when it exists, and asks no rent', async () => {
    const { adapter, connector, server, wallet } = setup({ authorized: true })
    withMint(server)
    await withTokenAccount(server, sender.address)
    await withTokenAccount(server, receiverKeys.address)
    const prepared = (await adapter.transfers?.prepareTransfer(
      tokenTransfer(7n),
    )) as PreparedTransfer
    expect(prepared.fee.value).toBe(5_000n)
    expect(server.methodsCalled()).not.toContain('getMinimumBalanceForRentExemption')
    const instructions = await sentInstructions(adapter, connector, wallet, prepared)
    expect(instructions.map((i) => i.program)).toEqual([TOKEN_PROGRAM])
    expect(u64At(instructions[0]?.data as Uint8Array, 1)).toBe(7n)
  })

  it('uses Token-2022 for its mints, whose new accounts rent for 170 bytes', async () => {
    const { adapter, connector, server, wallet } = setup({ authorized: true })
    withMint(server, TOKEN_2022_PROGRAM, mintData(9, { size: 234 }))
    await withTokenAccount(server, sender.address, TOKEN_2022_PROGRAM)
    const prepared = (await adapter.transfers?.prepareTransfer(
      tokenTransfer(1n),
    )) as PreparedTransfer
    expect(
      server.calls.find((c) => c.method === 'getMinimumBalanceForRentExemption')?.params[0],
    ).toBe(170)
    expect(prepared.fee.value).toBe(5_000n + (170n + 128n) * 6_960n)
    const [create, transfer] = await sentInstructions(adapter, connector, wallet, prepared)
    const destination = await ataOf(receiverKeys.address, mint, TOKEN_2022_PROGRAM)
    expect(create?.accounts[1]).toBe(destination)
    expect(create?.accounts[5]).toBe(TOKEN_2022_PROGRAM)
    expect(transfer?.program).toBe(TOKEN_2022_PROGRAM)
    expect(transfer?.data[9]).toBe(9)
  })

  it('refuses a token that is no initialized mint of a token program', async () => {
    const { adapter, server } = setup()
    const prepare = () => adapter.transfers?.prepareTransfer(tokenTransfer(1n)) as Promise<unknown>
    const expectNoMint = async () => {
      const error = await caught(prepare())
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.message).toBe('The token is not a mint on this network')
      expect(error.details).toEqual({ mint })
    }
    await expectNoMint()
    withMint(server, SYSTEM_PROGRAM)
    await expectNoMint()
    withMint(server, TOKEN_PROGRAM, mintData(6, { initialized: false }))
    await expectNoMint()
    withMint(server, TOKEN_PROGRAM, mintData(6).slice(0, 81))
    await expectNoMint()
    const badMint = await caught(
      adapter.transfers?.prepareTransfer({
        ...tokenTransfer(1n),
        tokenAddress: 'USDC',
      }) as Promise<unknown>,
    )
    expect(badMint.message).toBe('The token is not a Solana address')
  })

  it("refuses an amount read with other decimals than the mint's (transferChecked)", async () => {
    const { adapter, server } = setup()
    withMint(server, TOKEN_PROGRAM, mintData(6))
    const error = await caught(
      adapter.transfers?.prepareTransfer({ ...tokenTransfer(1n), decimals: 9 }) as Promise<unknown>,
    )
    expect(error.code).toBe('TOKEN_DECIMALS_MISMATCH')
    expect(error.details).toEqual({ token: mint, given: 9, chain: 6 })
    // The mint's own decimals pass this check (and the next one, the sender's account, speaks).
    const next = await caught(
      adapter.transfers?.prepareTransfer({ ...tokenTransfer(1n), decimals: 6 }) as Promise<unknown>,
    )
    expect(next.message).toBe('The account holds none of this token')
  })

  it('refuses a sender that holds none of the token', async () => {
    const { adapter, server } = setup()
    withMint(server)
    const error = await caught(
      adapter.transfers?.prepareTransfer(tokenTransfer(1n)) as Promise<unknown>,
    )
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.message).toBe('The account holds none of this token')
    expect(error.details).toEqual({ mint })
  })
})

describe('waiting for a Solana transfer', () => {
  async function sentTransfer() {
    const context = setup({ authorized: true })
    const prepared = (await context.adapter.transfers?.prepareTransfer({
      from: sender.address,
      to: receiverKeys.address,
      tokenAddress: undefined,
      amount: 1n,
      network,
      noReturnTransfer: false,
    })) as PreparedTransfer
    const signature = (await context.adapter.transfers?.sendTransfer(
      context.connector,
      prepared,
    )) as string
    return { ...context, signature }
  }

  it('polls every second until the transfer is confirmed', async () => {
    const { adapter, server, signature } = await sentTransfer()
    vi.useFakeTimers()
    const done = adapter.transfers?.waitForTransfer(signature, network)
    await vi.advanceTimersByTimeAsync(0)
    expect(server.methodsCalled().filter((m) => m === 'getSignatureStatuses')).toHaveLength(1)
    server.statuses.set(signature, { err: null, confirmationStatus: 'processed' })
    await vi.advanceTimersByTimeAsync(999)
    expect(server.methodsCalled().filter((m) => m === 'getSignatureStatuses')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.methodsCalled().filter((m) => m === 'getSignatureStatuses')).toHaveLength(2)
    server.statuses.set(signature, { err: null, confirmationStatus: 'confirmed' })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await done).toEqual({ hash: signature, status: 'success' })
    expect(server.calls.find((c) => c.method === 'getSignatureStatuses')?.params).toEqual([
      [signature],
    ])
  })

  it('reports a finalized transaction that failed as reverted', async () => {
    const { adapter, server, signature } = await sentTransfer()
    server.statuses.set(signature, {
      err: { InstructionError: [0, { Custom: 1 }] },
      confirmationStatus: 'finalized',
    })
    expect(await adapter.transfers?.waitForTransfer(signature, network)).toEqual({
      hash: signature,
      status: 'reverted',
    })
  })

  it('says the transfer expired once its blockhash can no longer land it', async () => {
    const { adapter, server, signature } = await sentTransfer()
    vi.useFakeTimers()
    const done = caught(adapter.transfers?.waitForTransfer(signature, network) as Promise<unknown>)
    await vi.advanceTimersByTimeAsync(0)
    // Height 300 is the last at which it may land: not expired yet.
    server.state.blockHeight = 300n
    await vi.advanceTimersByTimeAsync(1_000)
    server.state.blockHeight = 301n
    await vi.advanceTimersByTimeAsync(1_000)
    const error = await done
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('The transfer expired before it landed')
    expect(error.details).toEqual({ hash: signature })
    expect(server.methodsCalled().filter((m) => m === 'getBlockHeight')).toHaveLength(3)
  })

  it('gives up after 120 s for a transaction it did not send', async () => {
    vi.useFakeTimers()
    const { adapter, server } = setup()
    const signature = base58(new Uint8Array(64).fill(4))
    const done = caught(adapter.transfers?.waitForTransfer(signature, network) as Promise<unknown>)
    await vi.advanceTimersByTimeAsync(119_000)
    let settled = false
    void done.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1_000)
    const error = await done
    expect(error.code).toBe('TIMEOUT')
    expect(error.message).toBe('The transfer was not confirmed in time')
    expect(error.details).toEqual({ hash: signature, seconds: 120 })
    // Without its blockhash's lifetime, the block height says nothing about it.
    expect(server.methodsCalled()).not.toContain('getBlockHeight')
  })
})
