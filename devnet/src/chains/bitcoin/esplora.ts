// The ledger's records in the JSON shapes of the Esplora REST API (Blockstream's and
// mempool.space's explorers), which Bitcoin wallet SDKs read.
import { hex } from '@scure/base'
import { targetOf } from './block.js'
import type { BlockRecord, Ledger, TxRecord, Utxo } from './ledger.js'
import { classifyScript, scriptAddress } from './parse.js'

export type EsploraStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number }

type EsploraOutput = {
  scriptpubkey: string
  scriptpubkey_type: string
  scriptpubkey_address?: string
  value: number
}

export type EsploraTransaction = {
  txid: string
  version: number
  locktime: number
  vin: {
    txid: string
    vout: number
    prevout: EsploraOutput | null
    scriptsig: string
    witness?: string[]
    is_coinbase: boolean
    sequence: number
  }[]
  vout: EsploraOutput[]
  size: number
  weight: number
  fee: number
  status: EsploraStatus
}

export type EsploraUtxo = { txid: string; vout: number; status: EsploraStatus; value: number }

export function status(block: BlockRecord | undefined): EsploraStatus {
  if (!block) return { confirmed: false }
  return {
    confirmed: true,
    block_height: block.height,
    block_hash: block.hash,
    block_time: block.header.time,
  }
}

function output(script: Uint8Array, value: bigint): EsploraOutput {
  const address = scriptAddress(script)
  return {
    scriptpubkey: hex.encode(script),
    scriptpubkey_type: classifyScript(script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(value),
  }
}

export function transactionJson(record: TxRecord): EsploraTransaction {
  const { tx } = record
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.lockTime,
    vin: tx.inputs.map((input, i) => {
      const prevout = record.prevouts[i]
      const witness = tx.witnesses[i] ?? []
      return {
        txid: input.txid,
        vout: input.vout,
        prevout: prevout ? output(prevout.script, prevout.value) : null,
        scriptsig: hex.encode(input.scriptSig),
        ...(witness.length > 0 ? { witness: witness.map((item) => hex.encode(item)) } : {}),
        is_coinbase: record.coinbase,
        sequence: input.sequence,
      }
    }),
    vout: tx.outputs.map((o) => output(o.script, o.value)),
    size: tx.size,
    weight: tx.weight,
    fee: Number(record.fee),
    status: status(record.block),
  }
}

export function utxoJson(utxo: Utxo): EsploraUtxo {
  return {
    txid: utxo.txid,
    vout: utxo.vout,
    status: status(utxo.confirmedAt),
    value: Number(utxo.value),
  }
}

export function blockJson(ledger: Ledger, block: BlockRecord) {
  const { header } = block
  return {
    id: block.hash,
    height: block.height,
    version: header.version,
    timestamp: header.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: header.merkleRoot,
    previousblockhash: block.height === 0 ? null : header.prevHash,
    mediantime: block.medianTime,
    nonce: header.nonce,
    bits: header.bits,
    // Relative to the easiest mainnet target, as bitcoind reports it (regtest: 4.66e-10).
    difficulty: Number(targetOf(0x1d00ffff)) / Number(targetOf(header.bits)),
    confirmations: ledger.tip().height - block.height + 1,
  }
}
