import { parseAddress } from '../../chains/bitcoin/parse.js'
import { invalidParams } from './errors.js'

/** A transfer's recipients, checked: each a regtest address and a positive whole amount of sats. */
export function parseRecipients(
  recipients: readonly { address: unknown; amount: unknown }[],
): { script: Uint8Array; value: bigint; address: string }[] {
  if (!Array.isArray(recipients) || recipients.length === 0) {
    throw invalidParams('recipients must be a non-empty list of { address, amount }')
  }
  return recipients.map((r, i) => {
    let script: Uint8Array
    try {
      script = parseAddress(r?.address).script
    } catch {
      throw invalidParams(`recipient ${i}: not a regtest address`)
    }
    const amount = typeof r?.amount === 'bigint' ? r.amount : Number(r?.amount)
    const valid =
      typeof amount === 'bigint' ? amount > 0n : Number.isSafeInteger(amount) && amount > 0
    if (!valid) {
      throw invalidParams(`recipient ${i}: amount must be a positive whole number of sats`)
    }
    return { script, value: BigInt(amount), address: String(r.address) }
  })
}
