import { defineConfig } from 'tsup'
// @ts-expect-error: a plain ESM build helper, no types
import { packageBuilds } from '../scripts/build/packageBuilds.mjs'

// A connector and a config, no React: a server component may import `cookieToInitialState`.
export default defineConfig(() =>
  packageBuilds({ dir: import.meta.dirname, entry: { index: 'src/index.ts' } }),
)
