import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { packageBuilds } from '../scripts/build/packageBuilds.mjs'

// Two entries: the Redis store has its own, so an app on the memory store (or an edge runtime)
// never loads the `redis` client.
export default defineConfig(() =>
  packageBuilds({
    dir: import.meta.dirname,
    entry: { index: 'src/index.ts', redis: 'src/redis.ts' },
  }),
)
