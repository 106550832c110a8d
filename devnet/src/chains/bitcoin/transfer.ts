// Builds and signs a payment from one key's outputs. No Node imports: the browser wallet builds
// its transfers with it, and the devnet's faucet too.
import { hex } from '@scure/base'
import { RawTx, Transaction } from '@scure/btc-signer'
import type { BitcoinKey } from './keys.js'
import { checkTransaction, type ParsedTransaction } from './parse.js'

export type SpendableOutput = { txid: string; vout: number; value: bigint; script: Uint8Array }
export type Payment = { script: Uint8Array; value: bigint }

export type SignedTransfer = {
  tx: ParsedTransaction
  hex: string
  txid: string
  fee: bigint
  /** The outputs spent, largest first. */
  spent: SpendableOutput[]
  /** The change output's value (0 when none was worth keeping). */
  change: bigint
}

/** Change below this is given to the fee rather than kept (the P2WPKH dust limit). */
const CHANGE_DUST = 294n

class InsufficientFundsError extends Error {
  constructor(
    readonly needed: bigint,
    readonly available: bigint,
  ) {
    super(`Insufficient funds: ${needed} sat needed, ${available} sat available`)
    this.name = 'InsufficientFundsError'
  }
}

/**
 * Pays `payments` from `key`'s outputs at `feeRate` sat/vB, change back to `changeScript`.
 * Spends the largest outputs first; the fee is computed from the signed transaction's own
 * virtual size, so the fee rate holds exactly (rounded up).
 */
export function buildTransfer(options: {
  key: BitcoinKey
  utxos: readonly SpendableOutput[]
  payments: readonly Payment[]
  feeRate: number
  changeScript?: Uint8Array
}): SignedTransfer {
  const { key, payments } = options
  if (payments.length === 0) throw new Error('a transfer pays someone')
  if (!(options.feeRate > 0) || !Number.isFinite(options.feeRate)) {
    throw new Error('the fee rate must be a positive number of sat/vB')
  }
  const changeScript = options.changeScript ?? key.script
  const sorted = [...options.utxos].sort((a, b) =>
    b.value > a.value ? 1 : b.value < a.value ? -1 : 0,
  )
  const paying = payments.reduce((sum, p) => sum + p.value, 0n)
  const available = sorted.reduce((sum, u) => sum + u.value, 0n)

  // Start from the fewest outputs that cover the payment plus the estimated fee, then add
  // outputs until the signed transaction's real fee is covered.
  let fee = 0n
  for (let count = 1; count <= sorted.length; count++) {
    const spent = sorted.slice(0, count)
    const total = spent.reduce((sum, u) => sum + u.value, 0n)
    const estimate = estimateVsize(key, count, [...payments, { script: changeScript, value: 0n }])
    fee = BigInt(Math.ceil(estimate * options.feeRate))
    if (total < paying + fee) continue
    for (let attempt = 0; attempt < 3; attempt++) {
      const withChange = total - paying - fee >= CHANGE_DUST
      const change = withChange ? total - paying - fee : 0n
      const signed = sign(
        key,
        spent,
        payments,
        withChange ? { script: changeScript, value: change } : undefined,
      )
      const needed = BigInt(Math.ceil(signed.vsize * options.feeRate))
      const paid = total - paying - change
      if (paid >= needed) {
        return {
          tx: signed,
          hex: hex.encode(signed.raw),
          txid: signed.txid,
          fee: paid,
          spent,
          change,
        }
      }
      fee = needed
      if (total < paying + fee) break
    }
  }
  throw new InsufficientFundsError(paying + fee, available)
}

/**
 * The virtual size of the signed transaction, from its shape, rounded up: signing is the slow
 * part, so the fee is right the first time (a DER signature is 71 or 72 bytes; 72 is counted).
 */
function estimateVsize(key: BitcoinKey, inputs: number, outputs: readonly Payment[]): number {
  // version, locktime, counts; the segwit marker and flag weigh 2 (half a vbyte).
  const base =
    4 + 4 + 1 + 1 + inputs * (32 + 4 + 1 + 4) + outputs.reduce((n, o) => n + 9 + o.script.length, 0)
  const witnessItems = key.addressType === 'p2tr' ? 1 + 1 + 64 : 1 + 1 + 72 + 1 + 33
  const weight = base * 4 + 2 + inputs * witnessItems
  return Math.ceil(weight / 4)
}

function sign(
  key: BitcoinKey,
  spent: readonly SpendableOutput[],
  payments: readonly Payment[],
  change: Payment | undefined,
): ParsedTransaction {
  const tx = new Transaction({ allowUnknownOutputs: true })
  for (const utxo of spent) {
    tx.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: utxo.script, amount: utxo.value },
      ...(key.addressType === 'p2tr' ? { tapInternalKey: hex.decode(key.publicKey) } : {}),
    })
  }
  for (const payment of payments) tx.addOutput({ script: payment.script, amount: payment.value })
  if (change) tx.addOutput({ script: change.script, amount: change.value })
  tx.sign(key.privateKey)
  tx.finalize()
  const raw = tx.extract()
  return checkTransaction(raw, RawTx.decode(raw))
}
