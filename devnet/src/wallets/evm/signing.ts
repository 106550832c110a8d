import { getAddress, type Hex, isAddress, isHex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { describeSignIn, describeTransaction, readableMessage } from './describe.js'
import { invalidParams, unauthorized } from './errors.js'
import { signAndSend, type TransactionRequest } from './transactions.js'
import type { DevnetWalletChain } from './types.js'

/** What the signing requests need from the wallet. */
export type SigningContext = {
  origin: string
  accounts: HDAccount[]
  authorized(): boolean
  /** The selected account. */
  account(): HDAccount
  /** The selected chain. */
  chain(): DevnetWalletChain
  /** Resolves once the request is approved; rejects with 4001 when it is rejected. */
  approval(method: string, title: string, details: string[]): Promise<void>
}

/** The wallet's requests that sign: messages, typed data and transactions, each after consent. */
export function createSigning(context: SigningContext) {
  function ownAccount(address: unknown): HDAccount {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw invalidParams('expected an account address')
    }
    const wanted = getAddress(address)
    const found = context.accounts.find((a) => a.address === wanted)
    if (!found || !context.authorized()) throw unauthorized()
    return found
  }

  async function personalSign(params: unknown[]): Promise<Hex> {
    // The standard order is [message, address]; some sites send [address, message].
    let [message, address] = params
    if (typeof message === 'string' && isAddress(message) && !isAddress(String(address))) {
      ;[message, address] = [address, message]
    }
    if (typeof message !== 'string') throw invalidParams('expected a message')
    const signer = ownAccount(address)
    const readable = readableMessage(message)
    // A sign-in message gets its own title and a domain check, as wallets show them.
    const signIn = describeSignIn(readable, context.origin)
    await context.approval('personal_sign', signIn?.title ?? 'Signature request', [
      `Site: ${context.origin}`,
      `Account: ${signer.address}`,
      ...(signIn?.lines ?? []),
      'Message:',
      readable,
    ])
    return signer.signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  async function signTypedData(params: unknown[]): Promise<Hex> {
    const [address, raw] = params
    const signer = ownAccount(address)
    let typedData: Record<string, unknown>
    try {
      typedData = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>
    } catch {
      throw invalidParams('typed data must be JSON')
    }
    if (typeof typedData !== 'object' || typedData === null || !typedData.types) {
      throw invalidParams('typed data needs types, primaryType, domain and message')
    }
    await context.approval('eth_signTypedData_v4', 'Typed data signature request', [
      `Site: ${context.origin}`,
      `Account: ${signer.address}`,
      `Primary type: ${String(typedData.primaryType)}`,
      JSON.stringify({ domain: typedData.domain, message: typedData.message }, null, 2),
    ])
    return signer.signTypedData(typedData as unknown as Parameters<HDAccount['signTypedData']>[0])
  }

  async function sendTransaction(params: unknown[]): Promise<Hex> {
    const tx = params[0] as TransactionRequest | undefined
    if (typeof tx !== 'object' || tx === null) throw invalidParams('expected a transaction')
    const signer = tx.from
      ? ownAccount(tx.from)
      : context.authorized()
        ? context.account()
        : undefined
    if (!signer) throw unauthorized()
    const current = context.chain()
    await context.approval(
      'eth_sendTransaction',
      'Transaction request',
      describeTransaction({ ...tx, from: signer.address }, current.name),
    )
    return signAndSend(signer, current.chainId, current.rpcUrl, tx)
  }

  return { personalSign, signTypedData, sendTransaction }
}
