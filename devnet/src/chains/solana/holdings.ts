import type { Address } from '@solana/kit'
import { SOLANA_NATIVE_CURRENCY } from './constants.js'
import type { Ledger } from './ledger.js'
import { readTokenAccount, TOKEN_PROGRAMS } from './tokens.js'

/** Name and symbol of a mint: SPL mints carry neither, so the devnet keeps a list. */
export type KnownMint = { name: string; symbol: string }

export type SolanaHolding = {
  name: string
  symbol: string
  decimals: number
  amount: bigint
  /** The mint; absent for SOL. */
  mint?: Address
}

/**
 * What an owner holds on the Solana chain: SOL, and per known mint the sum of every token
 * account it owns of that mint (its associated account and any other), in both token programs.
 * Decimals come from the mint account itself.
 */
export function readSolanaHoldings(
  ledger: Ledger,
  owner: Address,
  knownMints: ReadonlyMap<string, KnownMint>,
): SolanaHolding[] {
  const holdings: SolanaHolding[] = [
    {
      name: SOLANA_NATIVE_CURRENCY.name,
      symbol: SOLANA_NATIVE_CURRENCY.symbol,
      decimals: SOLANA_NATIVE_CURRENCY.decimals,
      amount: ledger.getBalance(owner),
    },
  ]
  const byMint = new Map<Address, SolanaHolding>()
  for (const program of TOKEN_PROGRAMS) {
    for (const account of ledger.tokenAccountsByOwner(owner, { program })) {
      const token = readTokenAccount(ledger.getAccount, account)
      const known = token && knownMints.get(token.mint)
      if (!token || !known) continue
      const holding = byMint.get(token.mint) ?? {
        ...known,
        decimals: token.decimals,
        amount: 0n,
        mint: token.mint,
      }
      holding.amount += token.amount
      byMint.set(token.mint, holding)
    }
  }
  return [...holdings, ...byMint.values()]
}
