import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { packageBuilds } from '../scripts/build/packageBuilds.mjs'

// The chain adapters beyond EVM are entries of their own (`@portico/core/solana`,
// `@portico/core/bitcoin`): an app that never imports them never resolves their libraries.
const entry = {
  index: 'src/index.ts',
  internal: 'src/internal.ts',
  testing: 'src/testing.ts',
  testSeams: 'src/testSeams.ts',
  chains: 'src/chains/index.ts',
  solana: 'src/adapters/solana/index.ts',
  bitcoin: 'src/adapters/bitcoin/index.ts',
}

export default defineConfig(() => packageBuilds({ dir: import.meta.dirname, entry }))
