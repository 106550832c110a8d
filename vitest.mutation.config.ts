import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// The tests Stryker runs against each mutant of core: core's unit tests, without the public API
// snapshot (Stryker rewrites the sources it reads with `// @ts-nocheck` and instrumentation).
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // `pnpm mutation hybrids` (scripts/mutation/hybrids.mjs) narrows a run to one folder's tests.
    include: process.env.PORTICO_MUTATION_TESTS?.split(',') ?? ['core/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'core/src/publicApi.test.ts'],
    environment: 'node',
    // Instrumented code under load: a deadline here is not a rule under test. But a mutant that
    // makes a test wait for something that never comes (a promise never settled) is only caught
    // when this runs out: at 60 s such mutants cost a minute each, and a sample run of core spent
    // most of its time idle on them (2–5 mutants a minute, CPU idle). The slowest core test file
    // takes 2.7 s in CI; 20 s leaves room for instrumentation and load.
    testTimeout: 20_000,
    server: { deps: { inline: [/@walletconnect\//] } },
    // `pnpm coverage`: the code of core that no unit test runs. Stryker reports every mutant there
    // as "no coverage", so this is the quick (2 min) view of where the mutation score is lost.
    coverage: {
      provider: 'v8',
      include: ['core/src/**/*.ts'],
      exclude: ['**/*.test.ts', 'core/src/test-utils/**', '**/index.ts', '**/types.ts'],
      reporter: ['text-summary', 'json-summary', 'text'],
      reportsDirectory: 'reports/coverage',
    },
  },
})
