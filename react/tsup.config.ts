import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { packageBuilds } from '../scripts/build/packageBuilds.mjs'

// Hooks and a provider: client code for React Server Components (`'use client'`).
export default defineConfig(() =>
  packageBuilds({
    dir: import.meta.dirname,
    entry: { index: 'src/index.ts', solana: 'src/solana/index.ts' },
    client: true,
  }),
)
