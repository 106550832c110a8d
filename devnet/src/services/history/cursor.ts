import type { IndexedTransaction } from './types.js'

/**
 * Where a transaction sits in a history, newest first: block time, then chain id (ascending, for
 * transactions of different chains mined in the same second), then block and position (latest
 * first).
 */
export type HistoryKey = { t: number; c: number; b: number; i: number }

export function keyOf(tx: IndexedTransaction): HistoryKey {
  return { t: tx.timestamp, c: tx.chainId, b: tx.blockNumber, i: tx.index }
}

/** Negative when `a` comes first (is newer). */
export function compareKeys(a: HistoryKey, b: HistoryKey): number {
  return b.t - a.t || a.c - b.c || b.b - a.b || b.i - a.i
}

/**
 * The cursor is the key of the last transaction of the previous page, so a page starts right
 * after it even when newer transactions were mined in between (no duplicates, no gaps).
 * base64url of a small JSON array: opaque to clients.
 */
export function encodeCursor(key: HistoryKey): string {
  return Buffer.from(JSON.stringify([key.t, key.c, key.b, key.i])).toString('base64url')
}

/** The key in a cursor, or null when it is not one this server made. */
export function decodeCursor(cursor: string): HistoryKey | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 4) return null
    if (!value.every((n) => Number.isSafeInteger(n) && n >= 0)) return null
    const [t, c, b, i] = value as number[]
    return { t: t as number, c: c as number, b: b as number, i: i as number }
  } catch {
    return null
  }
}
