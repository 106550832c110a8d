import {
  BitcoinRejection,
  classifyScript,
  MAX_OP_RETURN_BYTES,
  MAX_STANDARD_TX_WEIGHT,
  type ParsedTransaction,
  type ScriptType,
} from './parse.js'

// What a node relays and mines beyond what is valid (bitcoind's policy): standard scripts, no
// dust, one data output, final lock times, a fee rate floor.

/** The lowest fee rate relayed, in sat/vB (bitcoind's default minrelaytxfee, 1000 sat/kvB). */
export const MIN_RELAY_FEE_RATE = 1
/** Below these values an output costs more to spend than it holds (bitcoind's dust limits). */
const DUST_LIMITS: Partial<Record<ScriptType, bigint>> = {
  p2pkh: 546n,
  p2sh: 540n,
  v0_p2wpkh: 294n,
  v0_p2wsh: 330n,
  v1_p2tr: 330n,
}
/** Confirmation targets answered by `GET /fee-estimates`, as Esplora answers them. */
export const FEE_TARGETS = [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008]
const LOCKTIME_THRESHOLD = 500_000_000
const FINAL_SEQUENCE = 0xffffffff

/** Standardness (bitcoind's IsStandardTx): what a node relays, beyond what is valid. */
export function checkStandard(tx: ParsedTransaction) {
  if (tx.version < 1 || tx.version > 3) throw new BitcoinRejection('version')
  if (tx.weight > MAX_STANDARD_TX_WEIGHT) throw new BitcoinRejection('tx-size')
  let dataOutputs = 0
  tx.outputs.forEach((output, i) => {
    const type = classifyScript(output.script)
    if (type === 'nonstandard') {
      throw new BitcoinRejection('scriptpubkey', `output ${i} has a non-standard script`)
    }
    if (type === 'op_return') {
      dataOutputs++
      if (output.script.length > MAX_OP_RETURN_BYTES) {
        throw new BitcoinRejection(
          'scriptpubkey',
          `output ${i}'s data script is over ${MAX_OP_RETURN_BYTES} bytes`,
        )
      }
      return
    }
    const dust = DUST_LIMITS[type] ?? 0n
    if (output.value < dust) {
      throw new BitcoinRejection('dust', `output ${i} (${output.value} sat) is below ${dust} sat`)
    }
  })
  if (dataOutputs > 1) throw new BitcoinRejection('multi-op-return')
}

/**
 * Whether a transaction may be mined in the next block (bitcoind's IsFinalTx): its lock time is
 * past, by height or by the median time of the last blocks, or every input opts out.
 */
export function isFinal(
  tx: ParsedTransaction,
  nextHeight: number,
  medianTimePast: () => number,
): boolean {
  if (tx.lockTime === 0) return true
  const limit = tx.lockTime < LOCKTIME_THRESHOLD ? nextHeight : medianTimePast()
  if (tx.lockTime < limit) return true
  return tx.inputs.every((input) => input.sequence === FINAL_SEQUENCE)
}
