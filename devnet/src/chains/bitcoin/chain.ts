import { pbkdf2Sync } from 'node:crypto'
import { HDKey } from '@scure/bip32'
import {
  type BitcoinAccount,
  type BitcoinKey,
  FAUCET_PATH,
  ordinalsKey,
  ordinalsPath,
  paymentKey,
  paymentPath,
} from './keys.js'
import { type BlockRecord, createLedger, type Ledger, type LedgerSnapshot } from './ledger.js'
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
const derived = new Map<string, Promise<{ accounts: BitcoinAccount[]; faucet: BitcoinKey }>>()

function keysFor(mnemonic: string, count: number) {
  const key = `${count}:${mnemonic}`
  let keys = derived.get(key)
  if (!keys) {
    keys = (async () => {
      const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
      const root = HDKey.fromMasterSeed(new Uint8Array(seed))
      const accounts: BitcoinAccount[] = []
      for (let index = 0; index < count; index++) {
        await yieldToLoop()
        accounts.push({
          index,
          payment: paymentKey(root, paymentPath(index)),
          ordinals: ordinalsKey(root, ordinalsPath(index)),
        })
      }
      return { accounts, faucet: paymentKey(root, FAUCET_PATH) }
    })()
    derived.set(key, keys)
    keys.catch(() => derived.delete(key))
  }
  return keys
}

/**
 * The seeded chain per mnemonic: every devnet of a process starts from a copy (about 2 ms)
 * rather than mining and signing again. Block times are those of the first seeding.
 */
const seeded = new Map<string, Promise<LedgerSnapshot>>()

/**
 * Lets other work run: the chain is built while startDevnet waits on the anvil processes, and
 * short slices keep it from delaying their answers.
 */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The devnet's Bitcoin chain, seeded as a regtest node would be: 100 blocks mined to the faucet
 * (a coinbase can be spent 100 blocks after its own), then one transaction from the faucet
 * paying every account its outputs, mined in block 101. Everything goes through the same checks
 * as a transaction from outside.
 */
export async function createBitcoinChain(options: {
  mnemonic: string
  accountCount: number
  now?: () => number
}): Promise<BitcoinChain> {
  const { accounts, faucet } = await keysFor(options.mnemonic, options.accountCount)
  const seedKey = `${options.accountCount}:${options.mnemonic}`
  let seed = options.now ? undefined : seeded.get(seedKey)
  if (!seed) {
    seed = seedChain(accounts, faucet, options.now)
    if (!options.now) {
      seeded.set(seedKey, seed)
      seed.catch(() => seeded.delete(seedKey))
    }
  }
  const from = await seed
  const ledger = createLedger({ from, ...(options.now ? { now: options.now } : {}) })

  const pay = (payments: Payment[]) => payFromFaucet(ledger, faucet, payments)

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

/** Mines the 100 blocks and the funding block; answers the state to copy. */
async function seedChain(
  accounts: BitcoinAccount[],
  faucet: BitcoinKey,
  now: (() => number) | undefined,
): Promise<LedgerSnapshot> {
  const ledger = createLedger(now ? { now } : {})
  const pay = (payments: Payment[]) => payFromFaucet(ledger, faucet, payments)

  for (let mined = 0; mined < 100; mined += 20) {
    await yieldToLoop()
    ledger.mine(faucet.script, 20)
  }
  await yieldToLoop()
  pay(
    accounts.flatMap((account) => [
      ...BITCOIN_FUNDING.payment.map((value) => ({ script: account.payment.script, value })),
      ...BITCOIN_FUNDING.ordinals.map((value) => ({ script: account.ordinals.script, value })),
    ]),
  )
  ledger.mine(faucet.script, 1)
  return ledger.snapshot()
}

/** A faucet payment, through the same checks as any transaction; answers its txid. */
function payFromFaucet(ledger: Ledger, faucet: BitcoinKey, payments: Payment[]): string {
  const transfer = buildTransfer({
    key: faucet,
    utxos: ledger.spendable(faucet.script),
    payments,
    feeRate: FAUCET_FEE_RATE,
  })
  return ledger.accept(transfer.tx).tx.txid
}
