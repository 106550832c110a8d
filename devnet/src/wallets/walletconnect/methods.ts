import { type Address, getAddress, type Hex, isAddress, isHex, numberToHex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { invalidParams, ProviderRpcError, unauthorized, unsupportedMethod } from '../evm/errors.js'
import { rpcCall } from '../evm/rpc.js'
import { signAndSend, type TransactionRequest } from '../evm/transactions.js'

/** A chain the WalletConnect wallet can sign for and send to. */
export type WalletConnectWalletChain = { chainId: number; rpcUrl: string; name?: string }

/** Methods that need the user's consent: they wait for approve() or reject(). */
const CONSENT_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_sendRawTransaction',
] as const

/** Methods answered at once, with no prompt. */
const IMMEDIATE_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
] as const

/** What the wallet approves when a dapp asks for no methods at all. */
export const DEFAULT_METHODS = [...CONSENT_METHODS, ...IMMEDIATE_METHODS]
export const DEFAULT_EVENTS = ['chainChanged', 'accountsChanged']

export type ConsentMethod = (typeof CONSENT_METHODS)[number]

export function isConsentMethod(method: string): method is ConsentMethod {
  return (CONSENT_METHODS as readonly string[]).includes(method)
}

/** The chain id of a CAIP-2 `eip155:<id>`, or undefined. */
export function eip155ChainId(caip: string): number | undefined {
  const match = /^eip155:(\d+)$/.exec(caip)
  return match ? Number(match[1]) : undefined
}

export type ExecutionContext = {
  /** The wallet's account with this address when the session exposes it, else a 4100 error. */
  signer(address: unknown): HDAccount
  /** The account the session exposes on the request's chain (for requests without a from). */
  defaultSigner(): HDAccount
  chain: WalletConnectWalletChain
}

/** Runs a consent method once the user approved it; errors are EIP-1193 errors. */
export async function executeConsentMethod(
  method: ConsentMethod,
  params: unknown,
  context: ExecutionContext,
): Promise<unknown> {
  const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
  switch (method) {
    case 'personal_sign': {
      // The standard order is [message, address]; some dapps send [address, message].
      let [message, address] = list
      if (typeof message === 'string' && isAddress(message) && !isAddress(String(address))) {
        ;[message, address] = [address, message]
      }
      if (typeof message !== 'string') throw invalidParams('expected a message')
      const signer = context.signer(address)
      return signer.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_sign': {
      const [address, data] = list
      if (typeof data !== 'string' || !isHex(data)) throw invalidParams('expected hex data')
      return context.signer(address).signMessage({ message: { raw: data } })
    }
    case 'eth_signTypedData':
    case 'eth_signTypedData_v3':
    case 'eth_signTypedData_v4': {
      let [address, raw] = list
      // eth_signTypedData (v1) puts the data first; the v3/v4 shape is what is supported.
      if (typeof raw === 'string' && isAddress(raw) && !isAddress(String(address))) {
        ;[address, raw] = [raw, address]
      }
      const signer = context.signer(address)
      return signer.signTypedData(parseTypedData(raw))
    }
    case 'eth_sendTransaction': {
      const tx = list[0] as TransactionRequest | undefined
      if (typeof tx !== 'object' || tx === null) throw invalidParams('expected a transaction')
      const signer = tx.from ? context.signer(tx.from) : context.defaultSigner()
      return signAndSend(signer, context.chain.chainId, context.chain.rpcUrl, tx)
    }
    case 'eth_sendRawTransaction': {
      const [raw] = list
      if (typeof raw !== 'string' || !isHex(raw))
        throw invalidParams('expected a signed transaction')
      return rpcCall<Hex>(context.chain.rpcUrl, 'eth_sendRawTransaction', [raw])
    }
  }
}

export function parseTypedData(raw: unknown): Parameters<HDAccount['signTypedData']>[0] {
  let typedData: unknown
  try {
    typedData = typeof raw === 'string' ? JSON.parse(raw) : raw
  } catch {
    throw invalidParams('typed data must be JSON')
  }
  if (
    typeof typedData !== 'object' ||
    typedData === null ||
    !(typedData as { types?: unknown }).types ||
    typeof (typedData as { primaryType?: unknown }).primaryType !== 'string'
  ) {
    throw invalidParams('typed data needs types, primaryType, domain and message')
  }
  return typedData as Parameters<HDAccount['signTypedData']>[0]
}

/** The account among `accounts` with this address, if `allowed` lists it; else 4100. */
export function findSigner(
  accounts: readonly HDAccount[],
  allowed: readonly Address[],
  address: unknown,
): HDAccount {
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw invalidParams('expected an account address')
  }
  const wanted = getAddress(address)
  const found = accounts.find((a) => a.address === wanted)
  if (!found || !allowed.includes(wanted)) throw unauthorized()
  return found
}

/** The `chainId` of wallet_switchEthereumChain's params as a number. */
export function switchTarget(params: unknown): number {
  const first = (Array.isArray(params) ? params[0] : params) as { chainId?: unknown } | undefined
  const value = first?.chainId
  if (typeof value === 'string' && isHex(value)) return Number.parseInt(value, 16)
  if (typeof value === 'number' && Number.isInteger(value)) return value
  throw invalidParams('chainId must be a hex string')
}

export const chainIdHex = (chainId: number) => numberToHex(chainId)

/** An EIP-1193 error as the `error` of a JSON-RPC response (`data` as a string, e.g. revert data). */
export function toRpcError(error: unknown): { code: number; message: string; data?: string } {
  if (error instanceof ProviderRpcError) {
    const data = error.data
    if (data === undefined) return { code: error.code, message: error.message }
    return {
      code: error.code,
      message: error.message,
      data: typeof data === 'string' ? data : JSON.stringify(data),
    }
  }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}

export { unsupportedMethod }
