import {
  getBase58Decoder,
  getTransactionEncoder,
  type SignatureBytes,
  signBytes,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignAndSendTransactionOutput,
  type SolanaSignMessageInput,
  type SolanaSignMessageOutput,
  SolanaSignTransaction,
  type SolanaSignTransactionInput,
  type SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, WalletAccount } from '@wallet-standard/core'
import type { SolanaKeyPair } from '../../chains/solana/keys.js'
import { decodeWalletTransaction, readableSolanaMessage } from './describe.js'
import { sendTransaction } from './rpc.js'
import type { DevnetSolanaWalletChain } from './types.js'

/** What the signing features need from the wallet. */
export type SolanaSigningContext = {
  origin: string
  /** Resolves once the keys are derived. */
  ready: Promise<void>
  /** The key behind an input's account, if the site may use it. */
  signer(account: WalletAccount | undefined): SolanaKeyPair
  /** The chain an input names, else the selected one. */
  chainFor(id: IdentifierString | undefined): DevnetSolanaWalletChain
  /** Resolves once the request is approved; rejects when it is rejected. */
  approval(method: string, title: string, details: string[]): Promise<void>
}

/**
 * The wallet's signing features (solana:signMessage, solana:signTransaction,
 * solana:signAndSendTransaction), each after the person approved.
 */
export function createSolanaSigning(context: SolanaSigningContext) {
  async function signMessage(
    ...inputs: readonly SolanaSignMessageInput[]
  ): Promise<readonly SolanaSignMessageOutput[]> {
    await context.ready
    const signers = inputs.map((input) => context.signer(input.account))
    await context.approval(
      'solana:signMessage',
      inputs.length > 1 ? `Sign ${inputs.length} messages` : 'Signature request',
      inputs.flatMap((input, i) => [
        `Site: ${context.origin}`,
        `Account: ${signers[i]?.address}`,
        'Message:',
        readableSolanaMessage(input.message),
      ]),
    )
    return Promise.all(
      inputs.map(async (input, i) => ({
        signedMessage: input.message,
        signature: new Uint8Array(
          await signBytes((signers[i] as SolanaKeyPair).keyPair.privateKey, input.message),
        ),
        signatureType: 'ed25519' as const,
      })),
    )
  }

  /** Decodes, shows and (after approval) signs each input's transaction with its account. */
  async function signInputs(
    method: string,
    inputs: readonly SolanaSignTransactionInput[],
  ): Promise<Uint8Array[]> {
    await context.ready
    const decoded = inputs.map((input) => {
      const key = context.signer(input.account)
      let transaction: ReturnType<typeof decodeWalletTransaction>
      try {
        transaction = decodeWalletTransaction(input.transaction)
      } catch {
        throw new Error('The transaction bytes do not decode.')
      }
      const at = transaction.accounts.indexOf(key.address)
      if (at < 0 || at >= transaction.signers) {
        throw new Error(`${key.address} is not a signer of this transaction.`)
      }
      return { key, transaction, chain: context.chainFor(input.chain) }
    })
    await context.approval(
      method,
      method === SolanaSignTransaction ? 'Sign a transaction' : 'Transaction request',
      decoded.flatMap(({ key, transaction, chain: target }) => [
        `Site: ${context.origin}`,
        `Account: ${key.address}`,
        `Network: ${target.name} (${target.id})`,
        ...transaction.lines,
      ]),
    )
    return Promise.all(
      decoded.map(async ({ key, transaction }) => {
        const { messageBytes, signatures } = transaction.transaction
        const signature = (await signBytes(key.keyPair.privateKey, messageBytes)) as SignatureBytes
        const signed = {
          ...transaction.transaction,
          signatures: Object.freeze({ ...signatures, [key.address]: signature }),
        }
        return new Uint8Array(getTransactionEncoder().encode(signed))
      }),
    )
  }

  async function signTransaction(
    ...inputs: readonly SolanaSignTransactionInput[]
  ): Promise<readonly SolanaSignTransactionOutput[]> {
    const signed = await signInputs(SolanaSignTransaction, inputs)
    return signed.map((signedTransaction) => ({ signedTransaction }))
  }

  async function signAndSendTransaction(
    ...inputs: readonly SolanaSignAndSendTransactionInput[]
  ): Promise<readonly SolanaSignAndSendTransactionOutput[]> {
    const signed = await signInputs(SolanaSignAndSendTransaction, inputs)
    const outputs: SolanaSignAndSendTransactionOutput[] = []
    // In order: a later transaction may depend on an earlier one.
    for (const [i, bytes] of signed.entries()) {
      const input = inputs[i] as SolanaSignAndSendTransactionInput
      const target = context.chainFor(input.chain)
      const sent = await sendTransaction(target.rpcUrl, bytes, input.options)
      const feePayer = decodeWalletTransaction(bytes)
      const signature = feePayer.transaction.signatures[feePayer.accounts[0] as never]
      if (!signature || getBase58Decoder().decode(signature) !== sent) {
        throw new Error('The RPC answered another signature than the transaction’s.')
      }
      outputs.push({ signature: new Uint8Array(signature) })
    }
    return outputs
  }

  return { signMessage, signTransaction, signAndSendTransaction }
}
