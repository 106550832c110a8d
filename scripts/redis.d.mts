// Types of scripts/redis.mjs, for the suites that start a Redis of their own.
export declare const REDIS_START_TIMEOUT_MS: number
export declare function findRedis(): string | undefined
export declare function ensureRedis(): string
export declare function freePort(): Promise<number>
export type StartedRedis = {
  port: number
  url: string
  pause(): void
  resume(): void
  stop(): Promise<void>
}
export declare function startRedis(options?: { port?: number }): Promise<StartedRedis>
