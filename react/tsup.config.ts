import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { markClientFiles } from '../scripts/build/useClient.mjs'

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  // Hooks and a provider: client code for React Server Components (`'use client'`).
  onSuccess: async () => {
    await markClientFiles('dist')
  },
})
