import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import { transactionFee } from './fees.js'
import { INVALID_PARAMS, RpcError } from './jsonrpc.js'

export type DecodedTransaction = {
  transaction: Transaction
  signature: string
  feePayer: Address
  blockhash: string
  accountKeys: Address[]
  fee: bigint
  version: 'legacy' | number
}

/** Wire bytes → the transaction and what the ledger needs from its message. */
export function decodeTransaction(wire: Uint8Array): DecodedTransaction {
  let transaction: Transaction
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    transaction = getTransactionDecoder().decode(wire)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch (error) {
    throw new RpcError(
      INVALID_PARAMS,
      `failed to deserialize transaction: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const accountKeys = [...message.staticAccounts]
  const feePayer = accountKeys[0]
  if (!feePayer) throw new RpcError(INVALID_PARAMS, 'invalid transaction: no fee payer')
  const feePayerSignature = transaction.signatures[feePayer]
  const instructions =
    'instructions' in message
      ? message.instructions
      : message.instructionHeaders.map((header, i) => ({
          programAddressIndex: header.programAccountIndex,
          data: message.instructionPayloads[i]?.instructionData,
        }))
  return {
    transaction,
    signature: feePayerSignature ? getBase58Decoder().decode(feePayerSignature) : '',
    feePayer,
    blockhash: message.lifetimeToken,
    accountKeys,
    fee: transactionFee({
      numRequiredSignatures: message.header.numSignerAccounts,
      staticAccounts: accountKeys,
      instructions,
    }),
    version: message.version,
  }
}
