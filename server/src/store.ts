import { MAX_OUTSTANDING_NONCES } from './constants.js'

/** What taking a nonce found: it was issued here and not taken yet, or why not. */
export type NonceTake = { ok: true; expiresAt: number } | { ok: false; reason: 'unknown' | 'used' }

/**
 * Where a sign-in server keeps what must be shared by all its instances: the nonces it issued
 * and the sessions it revoked. Session tokens themselves are signed and carry the session, so
 * nothing else is stored per session: a token from any instance is valid on every instance that
 * has the same secret, and a revocation written by one is read by all. Times are epoch ms.
 *
 * A store that cannot answer throws (any error); the server answers 503 and accepts nothing.
 */
export interface SiwxStore {
  /** Records a nonce accepted until `expiresAt` and remembered until `keepUntil`. */
  addNonce(nonce: string, expiresAt: number, keepUntil: number): Promise<void>
  /**
   * Takes a nonce, atomically: among any number of callers on any number of instances, one gets
   * `ok` and the others `used`, until it is given back. `unknown` when never issued (or forgotten).
   */
  takeNonce(nonce: string): Promise<NonceTake>
  /** Gives a taken nonce back: the attempt failed before its signature was accepted. */
  returnNonce(nonce: string, expiresAt: number, keepUntil: number): Promise<void>
  /** Revokes a session by its token id until `until` (its expiry); false if it already was. */
  revoke(jti: string, until: number): Promise<boolean>
  isRevoked(jti: string): Promise<boolean>
}

type NonceEntry = { expiresAt: number; keepUntil: number; used: boolean }

/**
 * The default store: in this process's memory, so for one instance only (two instances behind
 * a load balancer would each accept a nonce once: use the Redis store there). Entries go once
 * `keepUntil` has passed; past `maxNonces` the oldest nonces are forgotten first.
 */
export function createMemoryStore(
  options: { now?: () => number; maxNonces?: number } = {},
): SiwxStore & { size(): { nonces: number; revoked: number } } {
  const now = options.now ?? Date.now
  const max = options.maxNonces ?? MAX_OUTSTANDING_NONCES
  // Insertion order is issue order, which is (for one TTL) expiry order: sweeping stops at the
  // first entry still kept.
  const nonces = new Map<string, NonceEntry>()
  const revoked = new Map<string, number>()

  function sweep() {
    const at = now()
    for (const [nonce, entry] of nonces) {
      if (entry.keepUntil > at) break
      nonces.delete(nonce)
    }
    while (nonces.size >= max) {
      const oldest = nonces.keys().next().value
      if (oldest === undefined) break
      nonces.delete(oldest)
    }
    for (const [jti, until] of revoked) if (until <= at) revoked.delete(jti)
  }

  return {
    async addNonce(nonce, expiresAt, keepUntil) {
      sweep()
      nonces.set(nonce, { expiresAt, keepUntil, used: false })
    },
    async takeNonce(nonce) {
      const entry = nonces.get(nonce)
      if (!entry || entry.keepUntil <= now()) return { ok: false, reason: 'unknown' }
      if (entry.used) return { ok: false, reason: 'used' }
      entry.used = true
      return { ok: true, expiresAt: entry.expiresAt }
    },
    async returnNonce(nonce, expiresAt, keepUntil) {
      const entry = nonces.get(nonce)
      if (entry) entry.used = false
      else nonces.set(nonce, { expiresAt, keepUntil, used: false })
    },
    async revoke(jti, until) {
      if (revoked.has(jti)) return false
      sweep()
      revoked.set(jti, until)
      return true
    },
    async isRevoked(jti) {
      const until = revoked.get(jti)
      return until !== undefined && until > now()
    },
    size: () => ({ nonces: nonces.size, revoked: revoked.size }),
  }
}
