import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { packageBuilds } from '../scripts/build/packageBuilds.mjs'

// Three entries: the Redis store and the Node adapter have their own, so an app on the memory
// store, or on an edge runtime, never loads the `redis` client or Node's modules.
export default defineConfig(() =>
  packageBuilds({
    dir: import.meta.dirname,
    entry: { index: 'src/index.ts', redis: 'src/redis.ts', node: 'src/node.ts' },
  }),
)
