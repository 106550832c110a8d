import { hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import type { BitcoinKey } from '../../chains/bitcoin/keys.js'
import { REGTEST } from '../../chains/bitcoin/network.js'
import { BitcoinWalletError, invalidParams } from './errors.js'
import { formatBtc } from './format.js'

/** What signing a PSBT needs from the wallet. */
export type PsbtContext = {
  origin: string
  /** The connected key of an address, else it throws. */
  ownKey(address: unknown): BitcoinKey
  /** Resolves once the request is approved; rejects with a user rejection otherwise. */
  approval(method: string, title: string, details: string[]): Promise<void>
  /** Broadcasts a raw transaction (hex) and answers its txid. */
  broadcast(rawHex: string): Promise<string>
}

/**
 * Signs the given inputs of a PSBT with the connected keys (`signInputs`: address → input
 * indexes), after the person approved, and finalizes them; broadcasts the transaction when asked.
 */
export async function signPsbt(
  context: PsbtContext,
  psbt: Uint8Array,
  signInputs: Record<string, readonly number[]>,
  { broadcastIt, sighash }: { broadcastIt: boolean; sighash: number | undefined },
): Promise<{ psbt: Uint8Array; txid?: string }> {
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(psbt, { allowUnknownOutputs: true })
  } catch (error) {
    throw invalidParams(`not a PSBT: ${(error as Error).message}`)
  }
  if (typeof signInputs !== 'object' || signInputs === null) {
    throw invalidParams('signInputs maps addresses to input indexes')
  }
  const jobs = Object.entries(signInputs).flatMap(([address, indexes]) => {
    const key = context.ownKey(address)
    if (!Array.isArray(indexes)) throw invalidParams(`indexes for ${address} must be a list`)
    return indexes.map((index) => {
      if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) {
        throw invalidParams(`input ${index} does not exist`)
      }
      return { key, index: index as number }
    })
  })
  if (jobs.length === 0) throw invalidParams('no input to sign')
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i))
  await context.approval(
    'signPsbt',
    broadcastIt ? 'Sign and send a transaction' : 'Sign a transaction',
    [
      `Site: ${context.origin}`,
      ...jobs.map((j) => `Sign input ${j.index} with ${j.key.address}`),
      ...outputs.map(
        (o, i) =>
          `Output ${i}: ${tx.getOutputAddress(i, REGTEST) ?? 'data'}  ${formatBtc(o.amount ?? 0n)} BTC`,
      ),
    ],
  )
  try {
    for (const { key, index } of jobs) {
      if (key.addressType === 'p2tr' && !tx.getInput(index).tapInternalKey) {
        tx.updateInput(index, { tapInternalKey: hex.decode(key.publicKey) })
      }
      tx.signIdx(key.privateKey, index, sighash === undefined ? undefined : [sighash])
      tx.finalizeIdx(index)
    }
  } catch (error) {
    throw new BitcoinWalletError(-32603, `signing failed: ${(error as Error).message}`)
  }
  if (!broadcastIt) return { psbt: tx.toPSBT() }
  return { psbt: tx.toPSBT(), txid: await context.broadcast(hex.encode(tx.extract())) }
}
