import { copyFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { markClientFiles } from '../scripts/build/useClient.mjs'

export default defineConfig({
  entry: ['src/index.ts', 'src/views.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  // Components: client code for React Server Components (`'use client'`). The optional
  // stylesheet ships as it is, next to the code.
  onSuccess: async () => {
    await markClientFiles('dist')
    await copyFile('src/styles.css', 'dist/styles.css')
  },
})
