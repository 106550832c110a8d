import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  type ReadonlyUint8Array,
} from '@solana/kit'
import type { Connector, StandardWalletAccount } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { isRecord } from '../../storage/validators.js'
import {
  accountsOf,
  requireFeature,
  standardWalletOf,
  toStandardWalletError,
} from '../standardWallet.js'
import type { SignCapability } from '../types.js'
import { accountFor, isSolanaAccount } from './accounts.js'

type SignMessageFeature = {
  signMessage(
    ...inputs: { account: StandardWalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}
export type SignTransactionFeature = {
  signTransaction(
    ...inputs: { account: StandardWalletAccount; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>
}
export type SignAndSendFeature = {
  signAndSendTransaction(
    ...inputs: {
      account: StandardWalletAccount
      transaction: Uint8Array
      chain: string
      options?: { preflightCommitment?: string }
    }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}

/** A wallet's 64-byte signature, in base58. */
export const signatureOf = (bytes: unknown, action: string): string => {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 64) {
    throw new PorticoError('WALLET_ERROR', `The wallet answered the ${action} with no signature`)
  }
  return getBase58Decoder().decode(bytes)
}

async function signMessage(connector: Connector, owner: string, message: string): Promise<string> {
  const wallet = standardWalletOf(connector)
  const feature = requireFeature<SignMessageFeature>(wallet, 'solana:signMessage', 'signMessage')
  const account = accountFor(connector, owner)
  try {
    const [output] = await feature.signMessage({
      account,
      message: new TextEncoder().encode(message),
    })
    return signatureOf(output?.signature, 'signature request')
  } catch (error) {
    throw toStandardWalletError(error, 'signature request')
  }
}

/**
 * The Solana wallet methods of WalletConnect's Solana RPC, with its parameter shapes (one
 * object): `solana_signMessage` `{ message (base58), pubkey }` → `{ signature }`,
 * `solana_signTransaction` `{ transaction (base64), pubkey?, chain? }` → `{ signature,
 * transaction }`, `solana_signAndSendTransaction` (same) → `{ signature }`.
 */
async function request(
  connector: Connector,
  method: string,
  params?: readonly unknown[],
): Promise<unknown> {
  const input = isRecord(params?.[0]) ? params[0] : {}
  const wallet = standardWalletOf(connector)
  const owner =
    typeof input.pubkey === 'string'
      ? input.pubkey
      : accountsOf(wallet.accounts, isSolanaAccount)[0]?.address
  if (!owner) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
  const account = accountFor(connector, owner)
  const chain = typeof input.chain === 'string' ? input.chain : account.chains[0]
  const bytesOf = (field: string, decode: (text: string) => ReadonlyUint8Array) => {
    const value = input[field]
    try {
      if (typeof value !== 'string') throw new Error()
      return new Uint8Array(decode(value))
    } catch {
      throw new PorticoError('INVALID_INPUT', `${method} needs ${field} as text`, {
        details: { field },
      })
    }
  }
  try {
    switch (method) {
      case 'solana_signMessage': {
        const feature = requireFeature<SignMessageFeature>(
          wallet,
          'solana:signMessage',
          'signMessage',
        )
        const message = bytesOf('message', (text) => getBase58Encoder().encode(text))
        const [output] = await feature.signMessage({ account, message })
        return { signature: signatureOf(output?.signature, 'signature request') }
      }
      case 'solana_signTransaction': {
        const feature = requireFeature<SignTransactionFeature>(
          wallet,
          'solana:signTransaction',
          'signTransaction',
        )
        const transaction = bytesOf('transaction', (text) => getBase64Encoder().encode(text))
        const [output] = await feature.signTransaction({ account, transaction, chain })
        const signed = output?.signedTransaction
        if (!(signed instanceof Uint8Array)) {
          throw new PorticoError('WALLET_ERROR', 'The wallet answered with no signed transaction')
        }
        const signatures = getTransactionDecoder().decode(signed).signatures as Record<
          string,
          unknown
        >
        return {
          signature: signatureOf(signatures[owner], 'transaction'),
          transaction: getBase64Decoder().decode(signed),
        }
      }
      case 'solana_signAndSendTransaction': {
        const feature = requireFeature<SignAndSendFeature>(
          wallet,
          'solana:signAndSendTransaction',
          'signAndSendTransaction',
        )
        const transaction = bytesOf('transaction', (text) => getBase64Encoder().encode(text))
        const [output] = await feature.signAndSendTransaction({
          account,
          transaction,
          chain: chain ?? 'solana:mainnet',
        })
        return { signature: signatureOf(output?.signature, 'transaction') }
      }
      default:
        throw new PorticoError('INVALID_INPUT', `Solana wallets do not take ${method}`, {
          details: { method },
        })
    }
  } catch (error) {
    throw toStandardWalletError(error, method)
  }
}

/** Messages and the wallet methods apps send through WalletConnect's Solana RPC. */
export const solanaSigning: SignCapability = { signMessage, request }
