import { type Address, getBase58Decoder } from '@solana/kit'
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm'
import type { DecodedTransaction } from './decode.js'
import { transactionErrorJson } from './errors.js'
import type { SimulationResult } from './ledgerTypes.js'

// A transaction's simulation in LiteSVM, in the shape of the RPC's simulateTransaction.

/** Runs LiteSVM's simulation, with or without signature checks. */
export function simulateDecoded(
  svm: LiteSVM,
  decoded: DecodedTransaction,
  sigVerify: boolean,
): SimulationResult {
  svm.withSigverify(sigVerify)
  let outcome: ReturnType<LiteSVM['simulateTransaction']>
  try {
    outcome = svm.simulateTransaction(decoded.transaction)
  } catch {
    // kit's assertIsFullySignedTransaction: a signature is missing.
    return { ...emptySimulation(decoded.fee), err: 'SignatureFailure' }
  } finally {
    svm.withSigverify(true)
  }
  const result = outcome
  const meta = result.meta()
  return {
    err: result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: returnDataJson(meta),
    postAccounts: result instanceof FailedTransactionMetadata ? [] : result.postAccounts(),
    fee: decoded.fee,
  }
}

export function emptySimulation(fee: bigint): SimulationResult {
  return { err: null, logs: [], unitsConsumed: 0n, returnData: null, postAccounts: [], fee }
}

function returnDataJson(meta: TransactionMetadata): SimulationResult['returnData'] {
  const returnData = meta.returnData()
  const data = returnData.data()
  if (data.length === 0) return null
  return {
    programId: getBase58Decoder().decode(returnData.programId()) as Address,
    data: [Buffer.from(data).toString('base64'), 'base64'],
  }
}
