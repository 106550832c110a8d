import { FEE_TARGETS, MIN_RELAY_FEE_RATE } from './policy.js'
import type { BlockRecord, TxRecord } from './records.js'

// The fee estimates (Esplora's /fee-estimates), from the fee rates paid recently.

/** Fee rates (sat/vB) paid recently: the mempool and the last six blocks. */
function recentFeeRates(
  mempool: Iterable<TxRecord>,
  blocks: readonly BlockRecord[],
  transactions: ReadonlyMap<string, TxRecord>,
): number[] {
  const rates: number[] = []
  const add = (record: TxRecord | undefined) => {
    if (record && !record.coinbase) rates.push(Number(record.fee) / record.tx.vsize)
  }
  for (const record of mempool) add(record)
  for (const block of blocks.slice(-6)) for (const txid of block.txids) add(transactions.get(txid))
  return rates.sort((a, b) => a - b)
}

/** `{ "1": 1.0, …, "1008": 1.0 }`: higher percentiles of recent fee rates for sooner targets. */
export function feeEstimates(
  mempool: Iterable<TxRecord>,
  blocks: readonly BlockRecord[],
  transactions: ReadonlyMap<string, TxRecord>,
): Record<string, number> {
  const rates = recentFeeRates(mempool, blocks, transactions)
  const at = (fraction: number) =>
    rates.length === 0 ? 0 : (rates[Math.floor(fraction * (rates.length - 1))] as number)
  const estimates: Record<string, number> = {}
  for (const target of FEE_TARGETS) {
    const fraction =
      target <= 1 ? 0.9 : target <= 3 ? 0.75 : target <= 6 ? 0.5 : target <= 25 ? 0.25 : 0
    estimates[String(target)] = Math.round(Math.max(MIN_RELAY_FEE_RATE, at(fraction)) * 1000) / 1000
  }
  return estimates
}
