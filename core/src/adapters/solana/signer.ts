import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type MessagePartialSigner,
  type SignatureBytes,
  type SignatureDictionary,
  type Transaction,
  type TransactionModifyingSigner,
  type TransactionSendingSigner,
  address as toAddress,
} from '@solana/kit'
import type { ConnectionFeature } from '../../connection/index.js'
import { PorticoError } from '../../errors/index.js'
import { isRecord } from '../../storage/validators.js'
import type { ConnectedWallet } from '../../wallet/index.js'

/**
 * The connected Solana account as a `@solana/kit` signer: it signs transactions (returning them
 * signed), signs and sends them, and signs messages, each through the wallet with the rules of
 * the app's calls (a deadline, a refusal kept as USER_REJECTED, a call still waiting when the user
 * disconnects rejected).
 */
export type SolanaSigner<TAddress extends string = string> = TransactionModifyingSigner<TAddress> &
  TransactionSendingSigner<TAddress> &
  MessagePartialSigner<TAddress>

/** What the signer needs of a Portico client. */
export type SolanaSignerClient = { wallet: ConnectedWallet; connection: ConnectionFeature }

function text(answer: unknown, field: string, method: string): string {
  const value = isRecord(answer) ? answer[field] : undefined
  if (typeof value !== 'string' || value.length === 0) {
    throw new PorticoError('WALLET_ERROR', `The wallet answered ${method} with no ${field}`)
  }
  return value
}

/** The signer of the Solana account connected now; NOT_CONNECTED when there is none. */
export function createSolanaSigner(client: SolanaSignerClient): SolanaSigner<Address> {
  const state = client.connection.$connections.get().solana
  if (state?.status !== 'connected' || !state.address) {
    throw new PorticoError('NOT_CONNECTED', 'No solana wallet is connected', {
      details: { namespace: 'solana', code: 4900 },
    })
  }
  const owner = state.address
  const ask = (method: string, input: Record<string, string>) =>
    client.wallet.request({ namespace: 'solana', method, params: [{ ...input, pubkey: owner }] })
  const wire = (transaction: Transaction) => getBase64EncodedWireTransaction(transaction)
  return {
    address: toAddress(owner),
    async modifyAndSignTransactions(transactions) {
      const signed: Transaction[] = []
      for (const transaction of transactions) {
        const method = 'solana_signTransaction'
        const answer = await ask(method, { transaction: wire(transaction) })
        const bytes = getBase64Encoder().encode(text(answer, 'transaction', method))
        signed.push(getTransactionDecoder().decode(bytes) as Transaction)
      }
      return signed as never
    },
    async signAndSendTransactions(transactions) {
      const signatures: SignatureBytes[] = []
      for (const transaction of transactions) {
        const method = 'solana_signAndSendTransaction'
        const answer = await ask(method, { transaction: wire(transaction) })
        signatures.push(getBase58Encoder().encode(text(answer, 'signature', method)) as never)
      }
      return signatures
    },
    async signMessages(messages) {
      const signed: SignatureDictionary[] = []
      for (const message of messages) {
        const method = 'solana_signMessage'
        const answer = await ask(method, { message: getBase58Decoder().decode(message.content) })
        const signature = getBase58Encoder().encode(text(answer, 'signature', method))
        signed.push(Object.freeze({ [owner]: signature as SignatureBytes }) as SignatureDictionary)
      }
      return signed
    },
  }
}
