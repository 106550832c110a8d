import { defineConfig } from 'tsup'

export default defineConfig({
  // The chain adapters beyond EVM are entries of their own (`@portico/core/solana`,
  // `@portico/core/bitcoin`): an app that never imports them never resolves their libraries.
  entry: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    testing: 'src/testing.ts',
    chains: 'src/chains/index.ts',
    solana: 'src/adapters/solana/index.ts',
    bitcoin: 'src/adapters/bitcoin/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
})
