import {
  type Address,
  type Blockhash,
  type EncodedAccount,
  getBase58Decoder,
  lamports,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { decodeTransaction } from './decode.js'
import { preflightFailure, transactionErrorJson } from './errors.js'
import { RpcError } from './jsonrpc.js'
import type { Block, LandedTransaction, TokenBalanceJson } from './ledgerTypes.js'
import { emptySimulation, simulateDecoded } from './simulate.js'
import { readTokenAccount, tokenAccountKind, uiTokenAmount } from './tokens.js'

export type {
  Block,
  LandedTransaction,
  SimulationResult,
  TokenBalanceJson,
} from './ledgerTypes.js'

/**
 * A Solana chain in this process: LiteSVM runs the programs (System, SPL Token, Associated
 * Token Account, …) and this ledger adds what a cluster has around them: slots and block
 * heights, a queue of recent blockhashes, signature statuses, fees and block times.
 *
 * Every transaction that lands makes one block: the slot and the block height go up by one and
 * a new blockhash is issued (LiteSVM's `expireBlockhash`), so the next transaction gets a fresh
 * one and the same transfer sent twice is two transactions, not a duplicate. A blockhash stays
 * valid for 150 blocks, as on the clusters; this ledger checks that itself (LiteSVM would accept
 * only its latest one). No block is made while nothing happens, so a blockhash never expires by
 * time alone.
 */

/** Blocks a blockhash stays usable for, as on the Solana clusters. */
const BLOCKHASH_VALIDITY_BLOCKS = 150n
/** Landed transactions remembered for getSignatureStatuses and getTransaction. */
const MAX_REMEMBERED_TRANSACTIONS = 50_000

export type Ledger = ReturnType<typeof createLedger>

const signatureFailure = () => new RpcError(-32003, 'Transaction signature verification failure')

export function createLedger() {
  // Blockhash checks are this ledger's (see above); signatures are LiteSVM's.
  const svm = new LiteSVM().withBlockhashCheck(false)
  const base58 = getBase58Decoder()
  let slot = svm.getClock().slot
  let blockHeight = 0n
  let transactionCount = 0n
  const recentBlockhashes = new Map<string, bigint>() // blockhash → last valid block height
  const blockTimes = new Map<bigint, bigint>()
  const landed = new Map<string, LandedTransaction>()
  const blockListeners = new Set<(block: Block) => void>()

  const now = () => BigInt(Math.floor(Date.now() / 1000))
  setClock(now())
  recentBlockhashes.set(svm.latestBlockhash(), blockHeight + BLOCKHASH_VALIDITY_BLOCKS)
  blockTimes.set(slot, now())

  function setClock(unixTimestamp: bigint) {
    const clock = svm.getClock()
    clock.slot = slot
    clock.unixTimestamp = unixTimestamp
    svm.setClock(clock)
  }

  /**
   * Makes the next block, holding `signatures` (already remembered at `slot + 1`): the slot and
   * block height go up, a new blockhash is issued, listeners are told.
   */
  function produceBlock(signatures: string[]): Block {
    slot += 1n
    blockHeight += 1n
    const blockTime = now()
    blockTimes.set(slot, blockTime)
    setClock(blockTime)
    svm.expireBlockhash()
    const blockhash = svm.latestBlockhash() as Blockhash
    recentBlockhashes.set(blockhash, blockHeight + BLOCKHASH_VALIDITY_BLOCKS)
    for (const [hash, lastValid] of recentBlockhashes) {
      if (lastValid < blockHeight) recentBlockhashes.delete(hash)
    }
    if (blockTimes.size > MAX_REMEMBERED_TRANSACTIONS) {
      blockTimes.delete(blockTimes.keys().next().value as bigint)
    }
    const block: Block = { slot, parent: slot - 1n, blockHeight, blockTime, blockhash, signatures }
    for (const listener of [...blockListeners]) listener(block)
    return block
  }

  function remember(entry: LandedTransaction) {
    landed.set(entry.signature, entry)
    transactionCount += 1n
    if (landed.size > MAX_REMEMBERED_TRANSACTIONS) {
      landed.delete(landed.keys().next().value as string)
    }
  }

  function lookup(address: Address): EncodedAccount | undefined {
    const account = svm.getAccount(address)
    return account.exists ? account : undefined
  }

  function balances(keys: readonly Address[]) {
    return keys.map((key) => svm.getBalance(key) ?? 0n)
  }

  function tokenBalances(keys: readonly Address[]): TokenBalanceJson[] {
    const found: TokenBalanceJson[] = []
    keys.forEach((key, accountIndex) => {
      const account = lookup(key)
      const token = account && readTokenAccount(lookup, account)
      if (!token) return
      found.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: token.program,
        uiTokenAmount: uiTokenAmount(token.amount, token.decimals),
      })
    })
    return found
  }

  function isBlockhashValid(blockhash: string): boolean {
    const lastValid = recentBlockhashes.get(blockhash)
    return lastValid !== undefined && lastValid >= blockHeight
  }

  return {
    svm,
    /** The last block's slot; slot − block height stays constant, every slot has a block. */
    slot: () => slot,
    blockHeight: () => blockHeight,
    transactionCount: () => transactionCount,
    epochSchedule: () => svm.getEpochSchedule(),
    latestBlockhash: () => ({
      blockhash: svm.latestBlockhash() as Blockhash,
      lastValidBlockHeight: recentBlockhashes.get(svm.latestBlockhash()) as bigint,
    }),
    isBlockhashValid,
    blockTime: (at: bigint) => blockTimes.get(at),
    getAccount: lookup,
    getBalance: (address: Address) => svm.getBalance(address) ?? 0n,
    minimumBalanceForRentExemption: (size: bigint) => svm.minimumBalanceForRentExemption(size),
    programAccounts: (program: Address) => svm.getProgramAccounts(program),
    status: (signature: string) => landed.get(signature),
    decode: decodeTransaction,
    onBlock(listener: (block: Block) => void) {
      blockListeners.add(listener)
      return () => blockListeners.delete(listener)
    },

    /**
     * Simulates wire bytes. `replaceRecentBlockhash` skips the blockhash check (the RPC would
     * swap in its latest one); `sigVerify` false lets unsigned transactions through, as kit's
     * compute-unit estimate sends them.
     */
    simulate(wire: Uint8Array, options: { sigVerify: boolean; replaceRecentBlockhash: boolean }) {
      const decoded = decodeTransaction(wire)
      if (!options.replaceRecentBlockhash && !isBlockhashValid(decoded.blockhash)) {
        return { ...emptySimulation(decoded.fee), err: 'BlockhashNotFound' as const }
      }
      return simulateDecoded(svm, decoded, options.sigVerify)
    },

    /**
     * Sends wire bytes. A transaction that cannot land (bad signature, unknown or expired
     * blockhash, already processed, a fee payer that cannot pay) is refused with the RPC's error
     * even with `skipPreflight`: no slot passes on this chain to expire it, so a client waiting
     * for it would wait forever. One that lands (even failing, fee charged) makes a block.
     */
    send(wire: Uint8Array, options: { skipPreflight: boolean }): string {
      const decoded = decodeTransaction(wire)
      if (!decoded.signature) throw signatureFailure()
      if (landed.has(decoded.signature)) throw preflightFailure('AlreadyProcessed')
      if (!isBlockhashValid(decoded.blockhash)) throw preflightFailure('BlockhashNotFound')
      if (!options.skipPreflight) {
        const simulation = simulateDecoded(svm, decoded, true)
        if (simulation.err === 'SignatureFailure') throw signatureFailure()
        if (simulation.err !== null) {
          throw preflightFailure(simulation.err, simulation.logs, simulation.unitsConsumed)
        }
      }
      const preBalances = balances(decoded.accountKeys)
      const preTokenBalances = tokenBalances(decoded.accountKeys)
      let outcome: TransactionMetadata | FailedTransactionMetadata
      try {
        outcome = svm.sendTransaction(decoded.transaction)
      } catch {
        throw signatureFailure()
      }
      const result = outcome
      const failed = result instanceof FailedTransactionMetadata
      const err =
        result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null
      const meta = result instanceof FailedTransactionMetadata ? result.meta() : result
      // LiteSVM keeps in its history only what landed (fee charged); the rest was dropped.
      if (failed && svm.getTransaction(decoded.signature as never) === null) {
        if (err === 'SignatureFailure') throw signatureFailure()
        throw preflightFailure(err ?? 'SanitizeFailure', meta.logs())
      }
      remember({
        signature: decoded.signature,
        slot: slot + 1n,
        blockTime: now(),
        err,
        fee: decoded.fee,
        logs: meta.logs(),
        computeUnits: meta.computeUnitsConsumed(),
        accountKeys: decoded.accountKeys,
        preBalances,
        postBalances: balances(decoded.accountKeys),
        preTokenBalances,
        postTokenBalances: tokenBalances(decoded.accountKeys),
        wire: wire.slice(),
        version: decoded.version,
      })
      produceBlock([decoded.signature])
      return decoded.signature
    },

    /** The faucet: LiteSVM transfers from its own funded key, which makes a block. */
    airdrop(address: Address, amount: bigint): string {
      const before = svm.getBalance(address) ?? 0n
      const result = svm.airdrop(address, lamports(amount))
      if (!result || result instanceof FailedTransactionMetadata) {
        throw new RpcError(
          -32603,
          `airdrop request failed${result ? `: ${result.toString()}` : ''}`,
        )
      }
      const signature = base58.decode(result.signature())
      remember({
        signature,
        slot: slot + 1n,
        blockTime: now(),
        err: null,
        fee: 0n,
        logs: result.logs(),
        computeUnits: result.computeUnitsConsumed(),
        accountKeys: [address],
        preBalances: [before],
        postBalances: [svm.getBalance(address) ?? 0n],
        preTokenBalances: [],
        postTokenBalances: [],
        wire: null,
        version: 'legacy',
      })
      produceBlock([signature])
      return signature
    },

    /** Token accounts (both token programs) whose owner is `owner`, optionally of one mint. */
    tokenAccountsByOwner(owner: Address, filter: { mint?: Address; program?: Address }) {
      const programs = filter.program ? [filter.program] : undefined
      const mintProgram = filter.mint ? lookup(filter.mint)?.programAddress : undefined
      const searched = programs ?? (mintProgram ? [mintProgram] : [])
      return searched.flatMap((program) =>
        svm.getProgramAccounts(program).filter((account) => {
          if (tokenAccountKind(account) !== 'account') return false
          const token = readTokenAccount(lookup, account)
          return token?.owner === owner && (!filter.mint || token.mint === filter.mint)
        }),
      )
    },
  }
}
