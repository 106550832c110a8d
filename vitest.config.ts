import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
// and the examples run without a build step.
const conditions = ['source']

export default defineConfig({
  resolve: { conditions: [...conditions, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [...conditions, ...defaultServerConditions] } },
  test: {
    // The WalletConnect 2.25 packages go through Vite: loaded by Node under the `module`
    // condition, their ESM builds default-import CommonJS packages
    // (@walletconnect/jsonrpc-ws-connection), which is then "not a constructor".
    server: { deps: { inline: [/@walletconnect\//] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'core/src/**/*.test.ts',
            'devnet/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'wagmi/src/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['./vitest.setup.property.ts'],
          // A hang guard, not a speed check: a property test of 1 000 runs took 8 s on a busy
          // 2-core runner, over vitest's default of 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: [
            'react/src/**/*.test.tsx',
            'ui-kit/src/**/*.test.tsx',
            'wagmi/src/**/*.test.tsx',
          ],
          environment: 'happy-dom',
          setupFiles: ['./vitest.setup.property.ts', './vitest.setup.dom.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts', '**/*.int.test.tsx'],
          // Stryker's sandbox (`pnpm mutation`) is a copy of the repository.
          exclude: ['**/node_modules/**', '**/.stryker-tmp*/**'],
          environment: 'node',
          setupFiles: ['./vitest.setup.property.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Type tests (`*.test-d.ts`, `expectTypeOf`): checked by tsc, never run. Their own
          // project so they are checked once, with a tsconfig of their files and what they import.
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['core/src/**/*.test-d.ts', 'react/src/**/*.test-d.ts'],
            tsconfig: './tsconfig.typecheck.json',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
