import type { FailedTransactionMetadata } from 'litesvm'
import { RpcError } from './jsonrpc.js'

// LiteSVM's transaction errors as the Solana RPC writes them (JSON), as people read them, and
// the preflight failure a sendTransaction answers.

/** A transaction error as the RPC writes it: a variant name, or `{ Variant: data }`. */
export type TransactionErrorJson = string | Record<string, unknown>

// LiteSVM's error enums arrive as numbers; the RPC names their variants.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>

/** LiteSVM's error object in the RPC's JSON form (serde's enum encoding). */
export function transactionErrorJson(err: LiteSvmError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError(${err})`
  const value = err as unknown as Record<string, unknown> & { err?: () => unknown }
  switch (err.constructor.name) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [value.index, instructionErrorJson(value.err?.())] }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: value.index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: value.accountIndex } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: value.accountIndex } }
    default:
      return String(err)
  }
}

function instructionErrorJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? `InstructionError(${err})`
  if (typeof err === 'object' && err !== null) {
    if ('code' in err) return { Custom: Number((err as { code: number }).code) }
    if ('msg' in err) return { BorshIoError: String((err as { msg: string }).msg) }
  }
  return String(err)
}

const READABLE: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  SignatureFailure: 'Transaction did not pass signature verification',
}

/** The sentence the RPC puts after "Transaction simulation failed: ". */
function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return READABLE[err] ?? err
  const instruction = err.InstructionError as [number, TransactionErrorJson] | undefined
  if (instruction) {
    const [index, inner] = instruction
    const detail =
      typeof inner === 'object' && 'Custom' in inner
        ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
        : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  return JSON.stringify(err)
}

/** -32002, the RPC's answer to a transaction that fails before or during preflight. */
export function preflightFailure(err: TransactionErrorJson, logs: string[] = [], units = 0n) {
  return new RpcError(-32002, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs,
    returnData: null,
    unitsConsumed: units,
  })
}
