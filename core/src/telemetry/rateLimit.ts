/** Lets at most `limit` things through in any `windowMs` long stretch of time. */
export type RateLimiter = {
  /** Takes a place if one is free at `now`: true when the thing may go, false when dropped. */
  take(now: number): boolean
}

/**
 * A sliding-window limiter: it keeps the times of what it let through and refuses when `limit`
 * of them are less than `windowMs` old. Unlike a counter reset every minute, it never lets
 * 2 × limit through around a minute's edge. Its time never goes back: a clock set back (the
 * user's, or a test's) counts as no time passing, so it sends less, never more.
 */
export function createRateLimiter({
  limit,
  windowMs,
}: {
  limit: number
  windowMs: number
}): RateLimiter {
  let taken: number[] = []
  let latest = Number.NEGATIVE_INFINITY
  return {
    take(at) {
      latest = Math.max(latest, at)
      const now = latest
      taken = taken.filter((time) => now - time < windowMs)
      if (taken.length >= limit) return false
      taken.push(now)
      return true
    },
  }
}
