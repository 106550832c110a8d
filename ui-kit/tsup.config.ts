import { copyFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { packageBuilds } from '../scripts/build/packageBuilds.mjs'

// Components: client code for React Server Components (`'use client'`). The optional stylesheet
// ships as it is.
export default defineConfig(() =>
  packageBuilds({
    dir: import.meta.dirname,
    entry: { index: 'src/index.ts', views: 'src/views.ts' },
    client: true,
    afterModules: () => copyFile('src/styles.css', 'dist/styles.css'),
  }),
)
