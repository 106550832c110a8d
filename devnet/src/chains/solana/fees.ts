import type { Address, ReadonlyUint8Array } from '@solana/kit'

/** What every signature costs, as on the Solana clusters. */
const LAMPORTS_PER_SIGNATURE = 5000n
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const SET_COMPUTE_UNIT_LIMIT = 2
const SET_COMPUTE_UNIT_PRICE = 3
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n
/** Compute units granted per instruction when a transaction does not set a limit. */
const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000n
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n

/** The parts of a compiled message (legacy or v0) that decide its fee. */
export type FeeInputs = {
  numRequiredSignatures: number
  staticAccounts: readonly Address[]
  instructions: readonly { programAddressIndex: number; data?: ReadonlyUint8Array | undefined }[]
}

/**
 * The fee the runtime charges: 5000 lamports a signature plus the priority fee, compute-unit
 * price (micro-lamports, from ComputeBudget SetComputeUnitPrice) times the compute-unit limit
 * (SetComputeUnitLimit, else 200 000 per other instruction, at most 1 400 000), rounded up.
 */
export function transactionFee(message: FeeInputs): bigint {
  let price = 0n
  let limit: bigint | undefined
  let otherInstructions = 0n
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data
    if (program !== COMPUTE_BUDGET_PROGRAM || !data || data.length === 0) {
      otherInstructions += 1n
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) price = view.getBigUint64(1, true)
    if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) {
      limit = BigInt(view.getUint32(1, true))
    }
  }
  const units = limit ?? otherInstructions * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT
  const cappedUnits = units > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : units
  const priority =
    (price * cappedUnits + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT
  return BigInt(message.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE + priority
}
