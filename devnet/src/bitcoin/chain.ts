import { pbkdf2Sync } from 'node:crypto'
import { HDKey } from '@scure/bip32'
import {
  type BitcoinAccount,
  type BitcoinKey,
  deriveBitcoinAccounts,
  FAUCET_PATH,
  paymentKey,
} from './keys.js'
import { type BlockRecord, createLedger, type Ledger } from './ledger.js'
import { COIN } from './network.js'
import { BitcoinRejection, type ParsedAddress } from './parse.js'
import { buildTransfer, type Payment } from './transfer.js'

/** What each handed-out account gets at start, in satoshis: a few outputs, not one. */
export const BITCOIN_FUNDING = {
  payment: [COIN, COIN / 2n, COIN / 4n],
  ordinals: [COIN / 10n, 10_000n],
} as const
/** The faucet pays this fee rate (sat/vB). */
const FAUCET_FEE_RATE = 2

export type BitcoinChain = {
  ledger: Ledger
  accounts: BitcoinAccount[]
  faucet: BitcoinKey
  /** Mines `count` blocks paying the faucet (or `address`). */
  mine(count?: number, address?: ParsedAddress): BlockRecord[]
  /** Sends `value` sat from the faucet to `address` and mines it into a block. */
  fund(address: ParsedAddress, value: bigint): { txid: string; block: BlockRecord }
}

// BIP-39 seed with Node's PBKDF2 (native, ~1 ms), and derived keys kept per mnemonic: tests
// start many devnets in one process and the keys never change.
const derived = new Map<string, { accounts: BitcoinAccount[]; faucet: BitcoinKey }>()

function keysFor(mnemonic: string, count: number) {
  const key = `${count}:${mnemonic}`
  let keys = derived.get(key)
  if (!keys) {
    const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
    const bytes = new Uint8Array(seed)
    keys = {
      accounts: deriveBitcoinAccounts(bytes, count),
      faucet: paymentKey(HDKey.fromMasterSeed(bytes), FAUCET_PATH),
    }
    derived.set(key, keys)
  }
  return keys
}

/**
 * The devnet's Bitcoin chain, seeded as a regtest node would be: 100 blocks mined to the faucet
 * (a coinbase can be spent 100 blocks after its own), then one transaction from the faucet
 * paying every account its outputs, mined in block 101. Everything goes through the same checks
 * as a transaction from outside.
 */
export function createBitcoinChain(options: {
  mnemonic: string
  accountCount: number
  now?: () => number
}): BitcoinChain {
  const { accounts, faucet } = keysFor(options.mnemonic, options.accountCount)
  const ledger = createLedger(options.now ? { now: options.now } : {})

  function pay(payments: Payment[]) {
    const transfer = buildTransfer({
      key: faucet,
      utxos: ledger.spendable(faucet.script),
      payments,
      feeRate: FAUCET_FEE_RATE,
    })
    return ledger.accept(transfer.tx).tx.txid
  }

  ledger.mine(faucet.script, 100)
  pay(
    accounts.flatMap((account) => [
      ...BITCOIN_FUNDING.payment.map((value) => ({ script: account.payment.script, value })),
      ...BITCOIN_FUNDING.ordinals.map((value) => ({ script: account.ordinals.script, value })),
    ]),
  )
  ledger.mine(faucet.script, 1)

  return {
    ledger,
    accounts,
    faucet,
    mine: (count = 1, address) => ledger.mine(address?.script ?? faucet.script, count),
    fund(address, value) {
      let txid: string
      try {
        txid = pay([{ script: address.script, value }])
      } catch (error) {
        if (error instanceof BitcoinRejection) throw error
        throw new BitcoinRejection('faucet', (error as Error).message)
      }
      const [block] = ledger.mine(faucet.script, 1) as [BlockRecord]
      return { txid, block }
    },
  }
}
