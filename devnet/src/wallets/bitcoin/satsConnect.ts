// The Devnet Bitcoin Wallet as a sats-connect provider (the interface Xverse puts at
// `window.XverseProviders.BitcoinProvider`): `request(method, params)` resolves with a JSON-RPC
// 2.0 response, `{ result }` or `{ error: { code, message } }`, and never throws.
import { base64 } from '@scure/base'
import type { AddressPurpose, BitcoinKey } from '../../chains/bitcoin/keys.js'
import type { DevnetBitcoinWalletCore } from './core.js'
import { BitcoinWalletError, invalidParams } from './errors.js'

/** sats-connect's RpcErrorCode values. */
export const SATS_CONNECT_ERRORS = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  ACCESS_DENIED: -32002,
} as const

export const SATS_CONNECT_METHODS = [
  'getInfo',
  'getAddresses',
  'getAccounts',
  'getBalance',
  'signMessage',
  'sendTransfer',
  'signPsbt',
  'wallet_connect',
  'wallet_disconnect',
  'wallet_getAccount',
  'wallet_getNetwork',
] as const

export type SatsConnectAddress = {
  address: string
  publicKey: string
  purpose: AddressPurpose
  addressType: 'p2wpkh' | 'p2tr'
  walletType: 'software'
}

export type RpcResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

type SatsConnectEvent = 'accountChange' | 'networkChange' | 'disconnect'

export type SatsConnectProvider = {
  request(method: string, params?: unknown): Promise<RpcResponse>
  addListener(event: SatsConnectEvent, listener: (data: unknown) => void): () => void
  /** Distinguishes it from a real Xverse. */
  isPorticoDevnet: true
}

/** Where the provider is put on `window`, and its entry in `window.btc_providers` (WBIP004). */
export const SATS_CONNECT_PROVIDER_ID = 'PorticoDevnetProviders.BitcoinProvider'

const NETWORK = { bitcoin: { name: 'Regtest' }, stacks: { name: 'Regtest' } }

function address(key: BitcoinKey): SatsConnectAddress {
  return {
    address: key.address,
    publicKey: key.publicKey,
    purpose: key.purpose,
    addressType: key.addressType,
    walletType: 'software',
  }
}

function purposesOf(params: unknown, field: 'purposes' | 'addresses'): AddressPurpose[] {
  const value = (params as Record<string, unknown> | undefined)?.[field]
  if (value === undefined) return ['payment']
  if (!Array.isArray(value)) throw invalidParams(`${field} must be a list`)
  // sats-connect also knows 'stacks': this wallet has no Stacks address and skips it.
  const purposes = value.filter((p) => p !== 'stacks')
  if (purposes.some((p) => p !== 'payment' && p !== 'ordinals')) {
    throw invalidParams(`${field} may hold "payment" and "ordinals"`)
  }
  return purposes.length === 0 ? ['payment'] : (purposes as AddressPurpose[])
}

const object = (params: unknown) => {
  if (typeof params !== 'object' || params === null) throw invalidParams('params must be an object')
  return params as Record<string, unknown>
}

export function createSatsConnectProvider(core: DevnetBitcoinWalletCore): SatsConnectProvider {
  let nextId = 1
  const listeners = new Map<SatsConnectEvent, Set<(data: unknown) => void>>()
  const emit = (event: SatsConnectEvent, data: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(data)
      } catch (error) {
        console.error(`[devnet bitcoin wallet] ${event} listener threw`, error)
      }
    }
  }
  core.onAccountsChanged(() => {
    const keys = core.connectedKeys()
    if (keys.length === 0) emit('disconnect', {})
    else emit('accountChange', { addresses: keys.map(address) })
  })

  async function account() {
    await core.ready
    const keys = core.connectedKeys()
    if (keys.length === 0) {
      throw new BitcoinWalletError(SATS_CONNECT_ERRORS.ACCESS_DENIED, 'not connected to this site')
    }
    return { id: 'devnet', addresses: keys.map(address), walletType: 'software', network: NETWORK }
  }

  async function run(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'getInfo':
        return { version: '1.0.0', methods: [...SATS_CONNECT_METHODS], supports: [] }
      case 'getAddresses':
        return { addresses: (await core.connect(purposesOf(params, 'purposes'))).map(address) }
      case 'getAccounts':
        return (await core.connect(purposesOf(params, 'purposes'))).map(address)
      case 'wallet_connect':
        await core.connect(purposesOf(params, 'addresses'))
        return account()
      case 'wallet_getAccount':
        return account()
      case 'wallet_disconnect':
        core.disconnect()
        return null
      case 'wallet_getNetwork':
        return NETWORK
      case 'getBalance': {
        const { confirmed, unconfirmed, total } = await core.balance()
        return {
          confirmed: String(confirmed),
          unconfirmed: String(unconfirmed),
          total: String(total),
        }
      }
      case 'signMessage': {
        const { address, message, protocol } = object(params)
        if (typeof message !== 'string') throw invalidParams('message must be a string')
        if (protocol !== undefined && protocol !== 'BIP322' && protocol !== 'ECDSA') {
          throw invalidParams('protocol must be BIP322 or ECDSA')
        }
        const signed = await core.signMessage(address, message, protocol ?? 'BIP322')
        return {
          signature: signed.signatureBase64,
          messageHash: signed.messageHash,
          address: signed.address,
          protocol: signed.protocol,
        }
      }
      case 'sendTransfer': {
        const { recipients } = object(params)
        if (!Array.isArray(recipients)) throw invalidParams('recipients must be a list')
        return { txid: (await core.sendTransfer(recipients)).txid }
      }
      case 'signPsbt': {
        const { psbt, signInputs, broadcast, allowedSignHash } = object(params)
        if (typeof psbt !== 'string') throw invalidParams('psbt must be base64')
        let bytes: Uint8Array
        try {
          bytes = base64.decode(psbt)
        } catch {
          throw invalidParams('psbt must be base64')
        }
        const signed = await core.signPsbt(
          bytes,
          (signInputs ?? {}) as Record<string, number[]>,
          broadcast === true,
          typeof allowedSignHash === 'number' ? allowedSignHash : undefined,
        )
        return { psbt: base64.encode(signed.psbt), ...(signed.txid ? { txid: signed.txid } : {}) }
      }
      default:
        throw new BitcoinWalletError(
          SATS_CONNECT_ERRORS.METHOD_NOT_FOUND,
          `The wallet does not support ${method}`,
        )
    }
  }

  return {
    isPorticoDevnet: true,
    async request(method, params) {
      const id = String(nextId++)
      try {
        if (typeof method !== 'string') throw invalidParams('method must be a string')
        return { jsonrpc: '2.0', id, result: await run(method, params) }
      } catch (error) {
        return { jsonrpc: '2.0', id, error: toRpcError(error) }
      }
    },
    addListener(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    },
  }
}

function toRpcError(error: unknown): { code: number; message: string } {
  if (error instanceof BitcoinWalletError) {
    // A person saying no is sats-connect's USER_REJECTION; an unknown site its ACCESS_DENIED.
    const code =
      error.code === 4001
        ? SATS_CONNECT_ERRORS.USER_REJECTION
        : error.code === 4100
          ? SATS_CONNECT_ERRORS.ACCESS_DENIED
          : error.code
    return { code, message: error.message }
  }
  return {
    code: SATS_CONNECT_ERRORS.INTERNAL_ERROR,
    message: error instanceof Error ? error.message : String(error),
  }
}
