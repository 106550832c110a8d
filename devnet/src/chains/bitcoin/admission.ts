import { COINBASE_MATURITY, MAX_BLOCK_WEIGHT } from './block.js'
import { BitcoinRejection, type ParsedTransaction, type TxOutput } from './parse.js'
import { MIN_RELAY_FEE_RATE } from './policy.js'
import type { OutputRecord, TxRecord } from './records.js'

// What a transaction must meet to enter the mempool besides its signatures (its inputs exist,
// are unspent and mature; its fee), and which mempool transactions fit in the next block.

/**
 * The outputs a transaction spends, in input order, and its fee; throws the rejection bitcoind
 * answers with when an input is missing, spent or immature, or the fee is too low.
 */
export function checkInputs(
  tx: ParsedTransaction,
  nextHeight: number,
  outputs: ReadonlyMap<string, OutputRecord>,
  transactions: ReadonlyMap<string, TxRecord>,
): { prevouts: TxOutput[]; fee: bigint } {
  const prevouts = tx.inputs.map((input, i) => {
    const outpoint = `${input.txid}:${input.vout}`
    const output = outputs.get(outpoint)
    if (!output) {
      throw new BitcoinRejection(
        'bad-txns-inputs-missingorspent',
        `input ${i} spends ${outpoint}, which does not exist`,
      )
    }
    if (output.spentBy) {
      const spender = transactions.get(output.spentBy)
      if (spender?.block) {
        throw new BitcoinRejection(
          'bad-txns-inputs-missingorspent',
          `input ${i} spends ${outpoint}, already spent by ${output.spentBy} in block ${spender.block.height}`,
        )
      }
      throw new BitcoinRejection(
        'txn-mempool-conflict',
        `input ${i} spends ${outpoint}, already spent by ${output.spentBy} in the mempool`,
      )
    }
    if (output.coinbase) {
      const created = transactions.get(output.txid)?.block?.height ?? nextHeight
      if (nextHeight - created < COINBASE_MATURITY) {
        throw new BitcoinRejection(
          'bad-txns-premature-spend-of-coinbase',
          `input ${i} spends a coinbase from block ${created}, spendable from block ${created + COINBASE_MATURITY}`,
        )
      }
    }
    return { value: output.value, script: output.script }
  })

  const inValue = prevouts.reduce((sum, p) => sum + p.value, 0n)
  const outValue = tx.outputs.reduce((sum, o) => sum + o.value, 0n)
  if (inValue < outValue) {
    throw new BitcoinRejection('bad-txns-in-belowout', `in ${inValue} sat < out ${outValue} sat`)
  }
  const fee = inValue - outValue
  const minimum = BigInt(Math.ceil(tx.vsize * MIN_RELAY_FEE_RATE))
  if (fee < minimum) {
    throw new BitcoinRejection(
      'min relay fee not met',
      `${fee} sat < ${minimum} sat for ${tx.vsize} vB`,
    )
  }
  return { prevouts, fee }
}

/** The mempool's transactions, oldest first, while they fit in a block. */
export function selectForBlock(mempool: Iterable<TxRecord>): TxRecord[] {
  const selected: TxRecord[] = []
  let weight = 4000 // header, counts and the coinbase, generously
  for (const record of mempool) {
    if (weight + record.tx.weight > MAX_BLOCK_WEIGHT) break
    weight += record.tx.weight
    selected.push(record)
  }
  return selected
}
