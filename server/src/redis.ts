import { createClient } from 'redis'
import type { NonceTake, SiwxStore } from './store.js'

export type { SiwxStore } from './store.js'

/** How long the client waits for a TCP connection to Redis before it counts as a failed try. */
export const REDIS_CONNECT_TIMEOUT_MS = 1_000
/** Longest wait between two reconnection tries while Redis is away. */
export const REDIS_MAX_RECONNECT_DELAY_MS = 2_000

export type RedisStoreOptions = {
  /** `redis://host:port` (with credentials, `rediss://` for TLS); the `redis` client's own syntax. */
  url: string
  /** Prefix of every key, so several apps (or tests) can share one Redis. `portico:siwx:` by default. */
  prefix?: string
}

// Takes an issued nonce at most once across every instance: GETDEL is atomic, and the "used"
// marker (kept as long as the nonce would have been) lets a replay be named as one. The value
// is "expiresAt:keepUntil" in epoch ms.
const TAKE_NONCE = `
local value = redis.call('GETDEL', KEYS[1])
if value then
  local keep = tonumber(string.match(value, ':(%d+)$'))
  redis.call('SET', KEYS[2], value, 'PXAT', keep)
  return value
end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'used' end
return false
`

// Gives a nonce back only if it is still marked as taken (it was not forgotten meanwhile).
const RETURN_NONCE = `
if redis.call('DEL', KEYS[2]) == 1 then
  redis.call('SET', KEYS[1], ARGV[1], 'PXAT', ARGV[2])
end
return 1
`

/**
 * The store for several instances behind one load balancer: nonces and revocations in Redis
 * (nonces with a TTL and atomic single use; revocations by token id, kept until the token
 * expires). The client reconnects by itself; while Redis is away every call fails at once (no
 * offline queue: a sign-in must not wait for Redis nor be accepted without it), and the server
 * answers 503. Nothing is lost when Redis returns, as far as Redis itself kept it (persistence is
 * Redis's own configuration).
 */
export function createRedisStore(options: RedisStoreOptions): SiwxStore & {
  /** Connects (and waits for it); calls before that fail like calls while Redis is away. */
  connect(): Promise<void>
  close(): Promise<void>
} {
  const prefix = options.prefix ?? 'portico:siwx:'
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) =>
        Math.min(50 * 2 ** Math.min(retries, 10), REDIS_MAX_RECONNECT_DELAY_MS),
    },
  })
  // The client reports each failed reconnection as an 'error' event; without a listener Node
  // would end the process. Calls made meanwhile fail on their own and are answered 503.
  client.on('error', () => {})
  let connecting: Promise<unknown> | undefined
  const key = (kind: string, id: string) => `${prefix}${kind}:${id}`

  function ready() {
    if (!connecting) connecting = client.connect()
    if (!client.isReady) throw new Error('Redis is not connected')
    return client
  }

  return {
    async connect() {
      if (!connecting) connecting = client.connect()
      await connecting
    },
    async close() {
      if (client.isOpen) client.destroy()
    },
    async addNonce(nonce, expiresAt, keepUntil) {
      await ready().set(key('nonce', nonce), `${expiresAt}:${keepUntil}`, {
        expiration: { type: 'PXAT', value: keepUntil },
      })
    },
    async takeNonce(nonce): Promise<NonceTake> {
      const answer = await ready().eval(TAKE_NONCE, {
        keys: [key('nonce', nonce), key('used', nonce)],
      })
      if (answer === 'used') return { ok: false, reason: 'used' }
      if (typeof answer !== 'string') return { ok: false, reason: 'unknown' }
      return { ok: true, expiresAt: Number(answer.split(':')[0]) }
    },
    async returnNonce(nonce, expiresAt, keepUntil) {
      await ready().eval(RETURN_NONCE, {
        keys: [key('nonce', nonce), key('used', nonce)],
        arguments: [`${expiresAt}:${keepUntil}`, String(keepUntil)],
      })
    },
    async revoke(jti, until) {
      const set = await ready().set(key('revoked', jti), '1', {
        expiration: { type: 'PXAT', value: Math.max(until, Date.now() + 1) },
        condition: 'NX',
      })
      return set === 'OK'
    },
    async isRevoked(jti) {
      return (await ready().exists(key('revoked', jti))) === 1
    },
  }
}
