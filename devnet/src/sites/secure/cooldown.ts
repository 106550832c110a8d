import { cooldownMessage, EMAIL_LOGIN_RULES } from '@portico/core/internal'

export type CooldownCheck = { ok: true } | { ok: false; remainingMs: number; message: string }

/**
 * At most one email login mail per address every 30 s. A completed login clears its address,
 * so a user who signed in can sign in again from another browser at once; what the rule stops is
 * someone filling a mailbox with codes they cannot read.
 */
export function createCooldown(options: { windowMs?: number; now?: () => number } = {}) {
  const windowMs = options.windowMs ?? EMAIL_LOGIN_RULES.cooldownMs
  const now = options.now ?? Date.now
  const last = new Map<string, number>()

  return {
    /** Takes the slot for `key` if it is free; else says how long to wait. */
    take(key: string): CooldownCheck {
      const at = now()
      const previous = last.get(key)
      if (previous !== undefined && at - previous < windowMs) {
        const remainingMs = windowMs - (at - previous)
        return { ok: false, remainingMs, message: cooldownMessage(remainingMs) }
      }
      last.set(key, at)
      return { ok: true }
    },
    clear(key: string) {
      last.delete(key)
    },
  }
}
