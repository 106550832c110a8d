// The chain itself: blocks, the set of unspent outputs and a mempool, in memory. A transaction
// enters the mempool only after the checks bitcoind makes (standardness, inputs that exist and
// are unspent, coinbase maturity, amounts, finality, fee, every signature); a block takes the
// mempool in arrival order, which keeps parents before children.
import { hex } from '@scure/base'
import {
  type BlockHeader,
  buildCoinbase,
  COINBASE_MATURITY,
  GENESIS_HEADER,
  genesisHash,
  MAX_BLOCK_WEIGHT,
  merkleRoot,
  mineHeader,
  REGTEST_BITS,
  subsidy,
} from './block.js'
import {
  BitcoinRejection,
  classifyScript,
  type ParsedTransaction,
  parseRawTransaction,
  scriptAddress,
  type TxOutput,
} from './parse.js'
import { checkStandard, FEE_TARGETS, isFinal, MIN_RELAY_FEE_RATE } from './policy.js'
import { verifyInputs } from './verify.js'

export type BlockRecord = {
  hash: string
  height: number
  header: BlockHeader
  txids: string[]
  size: number
  weight: number
  medianTime: number
}

export type TxRecord = {
  tx: ParsedTransaction
  coinbase: boolean
  /** The outputs the inputs spend, in input order (empty for a coinbase). */
  prevouts: TxOutput[]
  fee: bigint
  /** Undefined while the transaction waits in the mempool. */
  block?: BlockRecord
}

export type OutputRecord = {
  txid: string
  vout: number
  value: bigint
  script: Uint8Array
  address: string | undefined
  coinbase: boolean
  /** The transaction that spends it, confirmed or in the mempool. */
  spentBy?: string
}

export type Utxo = OutputRecord & { confirmedAt?: BlockRecord }

export type TxoStats = {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

export type Ledger = ReturnType<typeof createLedger>

/** A copy of a ledger's whole state, to start another ledger from (see `snapshot`). */
export type LedgerSnapshot = {
  blocks: BlockRecord[]
  transactions: Map<string, TxRecord>
  outputs: Map<string, OutputRecord>
  scriptOutputs: Map<string, string[]>
  scriptTxs: Map<string, string[]>
  mempool: Map<string, TxRecord>
}

export function createLedger(options: { now?: () => number; from?: LedgerSnapshot } = {}) {
  const now = options.now ?? Date.now
  const genesis: BlockRecord = {
    hash: genesisHash(),
    height: 0,
    header: GENESIS_HEADER,
    txids: [GENESIS_HEADER.merkleRoot],
    size: 285,
    weight: 1140,
    medianTime: GENESIS_HEADER.time,
  }
  // structuredClone keeps the references between records (a transaction's block is one of the
  // blocks), so the copy is a ledger of its own with the same history.
  const state: LedgerSnapshot = options.from
    ? structuredClone(options.from)
    : {
        blocks: [genesis],
        transactions: new Map(),
        outputs: new Map(),
        scriptOutputs: new Map(),
        scriptTxs: new Map(),
        mempool: new Map(),
      }
  const blocks = state.blocks
  const blocksByHash = new Map(blocks.map((block) => [block.hash, block]))
  const transactions = state.transactions
  /** Every spendable output ever created, by `txid:vout`. */
  const outputs = state.outputs
  /** Output keys and txids touching each script (hex), in the order they appeared. */
  const scriptOutputs = state.scriptOutputs
  const scriptTxs = state.scriptTxs
  /** Transactions waiting for a block, in arrival order. */
  const mempool = state.mempool

  const tip = () => blocks[blocks.length - 1] as BlockRecord

  function push<T>(index: Map<string, T[]>, key: string, value: T) {
    const list = index.get(key)
    if (!list) index.set(key, [value])
    else if (list[list.length - 1] !== value) list.push(value)
  }

  function medianTimePast(): number {
    const times = blocks
      .slice(-11)
      .map((b) => b.header.time)
      .sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)] as number
  }

  /** Checks a transaction against the chain and the mempool and adds it to the mempool. */
  function accept(tx: ParsedTransaction): TxRecord {
    if (mempool.has(tx.txid)) throw new BitcoinRejection('txn-already-in-mempool')
    if (transactions.has(tx.txid)) throw new BitcoinRejection('txn-already-known')
    checkStandard(tx)
    if (!isFinal(tx, tip().height + 1, medianTimePast))
      throw new BitcoinRejection('non-final', `locktime ${tx.lockTime}`)

    const nextHeight = tip().height + 1
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
    verifyInputs(tx, prevouts)

    const record: TxRecord = { tx, coinbase: false, prevouts, fee }
    index(record)
    mempool.set(tx.txid, record)
    return record
  }

  /** Records the outputs a transaction creates and the ones it spends. */
  function index(record: TxRecord) {
    const { tx } = record
    transactions.set(tx.txid, record)
    tx.inputs.forEach((input, i) => {
      if (record.coinbase) return
      const key = `${input.txid}:${input.vout}`
      const spent = outputs.get(key) as OutputRecord
      spent.spentBy = tx.txid
      push(scriptTxs, hex.encode((record.prevouts[i] as TxOutput).script), tx.txid)
    })
    tx.outputs.forEach((output, vout) => {
      const scriptHex = hex.encode(output.script)
      push(scriptTxs, scriptHex, tx.txid)
      // OP_RETURN outputs can never be spent: like bitcoind, they are not kept as coins.
      if (classifyScript(output.script) === 'op_return') return
      const key = `${tx.txid}:${vout}`
      outputs.set(key, {
        txid: tx.txid,
        vout,
        value: output.value,
        script: output.script,
        address: scriptAddress(output.script),
        coinbase: record.coinbase,
      })
      push(scriptOutputs, scriptHex, key)
    })
  }

  /** Mines one block paying `script`: a coinbase plus the mempool, oldest first. */
  function mineBlock(script: Uint8Array): BlockRecord {
    const previous = tip()
    const height = previous.height + 1
    const selected: TxRecord[] = []
    let weight = 4000 // header, counts and the coinbase, generously
    for (const record of mempool.values()) {
      if (weight + record.tx.weight > MAX_BLOCK_WEIGHT) break
      weight += record.tx.weight
      selected.push(record)
    }
    const fees = selected.reduce((sum, r) => sum + r.fee, 0n)
    const coinbase = buildCoinbase(
      height,
      script,
      subsidy(height) + fees,
      selected.map((r) => r.tx),
    )
    const txids = [coinbase.txid, ...selected.map((r) => r.tx.txid)]
    const medianTime = medianTimePast()
    const { header, hash } = mineHeader({
      version: 0x20000000,
      prevHash: previous.hash,
      merkleRoot: merkleRoot(txids),
      time: Math.max(Math.floor(now() / 1000), medianTime + 1),
      bits: REGTEST_BITS,
    })
    const all = [coinbase, ...selected.map((r) => r.tx)]
    const block: BlockRecord = {
      hash,
      height,
      header,
      txids,
      size: 80 + 3 + all.reduce((sum, tx) => sum + tx.size, 0),
      weight: 4 * 83 + all.reduce((sum, tx) => sum + tx.weight, 0),
      medianTime,
    }
    const coinbaseRecord: TxRecord = {
      tx: coinbase,
      coinbase: true,
      prevouts: [],
      fee: 0n,
      block,
    }
    index(coinbaseRecord)
    for (const record of selected) {
      record.block = block
      mempool.delete(record.tx.txid)
    }
    blocks.push(block)
    blocksByHash.set(hash, block)
    return block
  }

  function outputsOf(script: Uint8Array): OutputRecord[] {
    return (scriptOutputs.get(hex.encode(script)) ?? []).map(
      (key) => outputs.get(key) as OutputRecord,
    )
  }

  const confirmedIn = (txid: string | undefined) =>
    txid === undefined ? undefined : transactions.get(txid)?.block

  function stats(script: Uint8Array) {
    const chain: TxoStats = empty()
    const pending: TxoStats = empty()
    for (const output of outputsOf(script)) {
      const funded = transactions.get(output.txid)?.block ? chain : pending
      funded.funded_txo_count++
      funded.funded_txo_sum += Number(output.value)
      if (output.spentBy) {
        const spent = confirmedIn(output.spentBy) ? chain : pending
        spent.spent_txo_count++
        spent.spent_txo_sum += Number(output.value)
      }
    }
    for (const txid of scriptTxs.get(hex.encode(script)) ?? []) {
      if (transactions.get(txid)?.block) chain.tx_count++
      else pending.tx_count++
    }
    return { chain_stats: chain, mempool_stats: pending }
  }

  /** Fee rates (sat/vB) paid recently: the mempool and the last six blocks. */
  function recentFeeRates(): number[] {
    const rates: number[] = []
    const add = (record: TxRecord | undefined) => {
      if (record && !record.coinbase) rates.push(Number(record.fee) / record.tx.vsize)
    }
    for (const record of mempool.values()) add(record)
    for (const block of blocks.slice(-6))
      for (const txid of block.txids) add(transactions.get(txid))
    return rates.sort((a, b) => a - b)
  }

  return {
    tip,
    genesis: () => blocks[0] as BlockRecord,
    /** A deep copy of the state: `createLedger({ from })` continues from it independently. */
    snapshot: (): LedgerSnapshot => structuredClone(state),
    blockAt: (height: number) => blocks[height],
    block: (hash: string) => blocksByHash.get(hash),
    transaction: (txid: string) => transactions.get(txid),
    output: (txid: string, vout: number) => outputs.get(`${txid}:${vout}`),
    mempool: () => [...mempool.keys()],
    accept,
    /** `POST /tx`: parses the hex, accepts it, answers the txid. */
    submit(rawHex: unknown): string {
      return accept(parseRawTransaction(rawHex)).tx.txid
    },
    mine(script: Uint8Array, count = 1): BlockRecord[] {
      return Array.from({ length: count }, () => mineBlock(script))
    },
    /** Unspent outputs of a script, mempool ones included, oldest first. */
    utxos(script: Uint8Array): Utxo[] {
      return outputsOf(script)
        .filter((output) => !output.spentBy)
        .map((output) => {
          const confirmedAt = transactions.get(output.txid)?.block
          return confirmedAt ? { ...output, confirmedAt } : { ...output }
        })
    },
    /** Spendable now (mature, unspent) by the owner of `script`. */
    spendable(script: Uint8Array): OutputRecord[] {
      const nextHeight = tip().height + 1
      return outputsOf(script).filter((output) => {
        if (output.spentBy) return false
        if (!output.coinbase) return true
        const height = transactions.get(output.txid)?.block?.height ?? nextHeight
        return nextHeight - height >= COINBASE_MATURITY
      })
    },
    stats,
    /** Txids touching a script: mempool ones first (newest first), then confirmed, newest first. */
    scriptTxids(script: Uint8Array): string[] {
      const all = [...(scriptTxs.get(hex.encode(script)) ?? [])].reverse()
      return [
        ...all.filter((txid) => !transactions.get(txid)?.block),
        ...all.filter((txid) => transactions.get(txid)?.block),
      ]
    },
    /** `{ "1": 1.0, …, "1008": 1.0 }`: higher percentiles of recent fee rates for sooner targets. */
    feeEstimates(): Record<string, number> {
      const rates = recentFeeRates()
      const at = (fraction: number) =>
        rates.length === 0 ? 0 : (rates[Math.floor(fraction * (rates.length - 1))] as number)
      const estimates: Record<string, number> = {}
      for (const target of FEE_TARGETS) {
        const fraction =
          target <= 1 ? 0.9 : target <= 3 ? 0.75 : target <= 6 ? 0.5 : target <= 25 ? 0.25 : 0
        estimates[String(target)] =
          Math.round(Math.max(MIN_RELAY_FEE_RATE, at(fraction)) * 1000) / 1000
      }
      return estimates
    },
  }
}

function empty(): TxoStats {
  return {
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: 0,
  }
}
