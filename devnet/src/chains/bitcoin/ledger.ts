// The chain itself: blocks, the set of unspent outputs and a mempool, in memory. A transaction
// enters the mempool only after the checks bitcoind makes (standardness, inputs that exist and
// are unspent, coinbase maturity, amounts, finality, fee, every signature); a block takes the
// mempool in arrival order, which keeps parents before children.
import { hex } from '@scure/base'
import { checkInputs, selectForBlock } from './admission.js'
import {
  buildCoinbase,
  COINBASE_MATURITY,
  GENESIS_HEADER,
  genesisHash,
  merkleRoot,
  mineHeader,
  REGTEST_BITS,
  subsidy,
} from './block.js'
import { feeEstimates } from './fees.js'
import {
  BitcoinRejection,
  classifyScript,
  type ParsedTransaction,
  parseRawTransaction,
  scriptAddress,
  type TxOutput,
} from './parse.js'
import { checkStandard, isFinal } from './policy.js'
import type {
  BlockRecord,
  LedgerSnapshot,
  OutputRecord,
  TxoStats,
  TxRecord,
  Utxo,
} from './records.js'
import { verifyInputs } from './verify.js'

export type {
  BlockRecord,
  LedgerSnapshot,
  OutputRecord,
  TxoStats,
  TxRecord,
  Utxo,
} from './records.js'

export type Ledger = ReturnType<typeof createLedger>

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

    const { prevouts, fee } = checkInputs(tx, tip().height + 1, outputs, transactions)
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
    const selected = selectForBlock(mempool.values())
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
    /** `{ "1": 1.0, …, "1008": 1.0 }`: higher percentiles of recent fee rates for sooner targets. */
    feeEstimates: () => feeEstimates(mempool.values(), blocks, transactions),
    /** Txids touching a script: mempool ones first (newest first), then confirmed, newest first. */
    scriptTxids(script: Uint8Array): string[] {
      const all = [...(scriptTxs.get(hex.encode(script)) ?? [])].reverse()
      return [
        ...all.filter((txid) => !transactions.get(txid)?.block),
        ...all.filter((txid) => transactions.get(txid)?.block),
      ]
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
