import { defineConfig, type Options } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { moduleEntries } from '../scripts/build/moduleEntries.mjs'

// The chain adapters beyond EVM are entries of their own (`@portico/core/solana`,
// `@portico/core/bitcoin`): an app that never imports them never resolves their libraries.
const entry = {
  index: 'src/index.ts',
  internal: 'src/internal.ts',
  testing: 'src/testing.ts',
  chains: 'src/chains/index.ts',
  solana: 'src/adapters/solana/index.ts',
  bitcoin: 'src/adapters/bitcoin/index.ts',
}
const shared: Options = { sourcemap: true, target: 'es2022', clean: false }

export default defineConfig(
  async (): Promise<Options[]> => [
    // ES modules: one file per source module (dist/<path>.js), for apps' bundlers to split and
    // tree-shake module by module (see scripts/build/moduleEntries.mjs).
    {
      ...shared,
      entry: await moduleEntries(import.meta.dirname, Object.values(entry)),
      format: ['esm'],
      bundle: false,
    },
    // Their types, one file per entry (dist/<entry>.d.ts).
    { ...shared, entry, format: ['esm'], dts: { only: true } },
    // CommonJS for `require` users: one bundle per entry, with its types (dist/<entry>.cjs, .d.cts).
    { ...shared, entry, format: ['cjs'], dts: true, treeshake: true },
  ],
)
