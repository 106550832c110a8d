import { copyFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts', 'src/views.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  // The optional stylesheet ships as it is, next to the code.
  onSuccess: () => copyFile('src/styles.css', 'dist/styles.css'),
})
