import { defineConfig, type Options } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { moduleEntries } from '../scripts/build/moduleEntries.mjs'
// @ts-expect-error: a plain ESM build helper, no types
import { markClientFiles } from '../scripts/build/useClient.mjs'

const entry = { index: 'src/index.ts' }
const shared: Options = { sourcemap: true, target: 'es2022', clean: false }
// Hooks and a provider: client code for React Server Components (`'use client'`).
const markClient = (pattern: RegExp) => async () => {
  await markClientFiles('dist', pattern)
}

export default defineConfig(
  async (): Promise<Options[]> => [
    // ES modules: one file per source module, for apps' bundlers to split and tree-shake module by
    // module (see scripts/build/moduleEntries.mjs).
    {
      ...shared,
      entry: await moduleEntries(import.meta.dirname, Object.values(entry)),
      format: ['esm'],
      bundle: false,
      onSuccess: markClient(/\.js$/),
    },
    // Their types (dist/index.d.ts).
    { ...shared, entry, format: ['esm'], dts: { only: true } },
    // CommonJS for `require` users: one bundle, with its types (dist/index.cjs, .d.cts).
    {
      ...shared,
      entry,
      format: ['cjs'],
      dts: true,
      treeshake: true,
      onSuccess: markClient(/\.cjs$/),
    },
  ],
)
