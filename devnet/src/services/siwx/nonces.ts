import { randomBytes } from 'node:crypto'
import { MAX_OUTSTANDING_NONCES, NONCE_BYTES, NONCE_TTL_MS } from './constants.js'

export type NonceRefusal = 'unknown' | 'used' | 'expired'

/** A nonce held for one sign-in attempt: consumed when it succeeds, released when it fails. */
type NonceReservation = { consume(): void; release(): void }

export type NonceStore = {
  issue(): { nonce: string; expiresAt: number }
  /**
   * Takes a nonce for one attempt, so two requests racing with the same message cannot both
   * pass: the second sees it as used until the first releases it.
   */
  reserve(
    nonce: string,
  ): { ok: true; reservation: NonceReservation } | { ok: false; reason: NonceRefusal }
  size(): number
}

type Entry = { expiresAt: number; state: 'issued' | 'reserved' | 'used' }

/**
 * Server-side nonces: random (16 bytes from the OS), single use, expiring `ttlMs` after issue.
 * Nothing about them comes from the client, so a client can only use one it was given. Used
 * nonces are remembered until they would have expired, so a replay is named as such.
 */
export function createNonceStore(
  options: { now?: () => number; ttlMs?: number; max?: number } = {},
): NonceStore {
  const now = options.now ?? Date.now
  const ttlMs = options.ttlMs ?? NONCE_TTL_MS
  const max = options.max ?? MAX_OUTSTANDING_NONCES
  // Insertion order is issue order, which is expiry order: sweeping stops at the first live one.
  const entries = new Map<string, Entry>()

  function sweep(at: number) {
    for (const [nonce, entry] of entries) {
      if (entry.expiresAt > at || entry.state === 'reserved') break
      entries.delete(nonce)
    }
    while (entries.size >= max) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }

  return {
    issue() {
      const at = now()
      sweep(at)
      const nonce = randomBytes(NONCE_BYTES).toString('hex')
      const expiresAt = at + ttlMs
      entries.set(nonce, { expiresAt, state: 'issued' })
      return { nonce, expiresAt }
    },
    reserve(nonce) {
      const entry = entries.get(nonce)
      if (!entry) return { ok: false, reason: 'unknown' }
      if (entry.state !== 'issued') return { ok: false, reason: 'used' }
      if (now() >= entry.expiresAt) return { ok: false, reason: 'expired' }
      entry.state = 'reserved'
      let settled = false
      return {
        ok: true,
        reservation: {
          consume() {
            if (settled) return
            settled = true
            entry.state = 'used'
          },
          release() {
            if (settled) return
            settled = true
            entry.state = 'issued'
          },
        },
      }
    },
    size: () => entries.size,
  }
}
