import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { packageBuilds } from '../scripts/build/packageBuilds.mjs'

// The Redis store and the Node adapter have entries of their own, so an app on the memory store,
// or on an edge runtime, never loads the `redis` client or Node's modules; `message` is the
// sign-in message parser alone (no dependency), for code that runs in a page (a wallet).
export default defineConfig(() =>
  packageBuilds({
    dir: import.meta.dirname,
    entry: {
      index: 'src/index.ts',
      redis: 'src/redis.ts',
      node: 'src/node.ts',
      message: 'src/message.ts',
    },
  }),
)
