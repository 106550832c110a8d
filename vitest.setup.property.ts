import fc from 'fast-check'

// `pnpm test` (and so CI) draws the property tests' random inputs from one seed per commit
// (PORTICO_PROPERTY_SEED, set by scripts/test.mjs from the commit's hash): a run on this machine
// and CI's run of the same commit try the very same inputs, so a commit that passed here cannot
// fail there on a counterexample nobody saw. Each new commit explores new inputs. A failure prints
// its seed and path; `PORTICO_PROPERTY_SEED=<seed> pnpm exec vitest run <file>` replays it.
// Without the variable (a plain `vitest run`), every run draws a fresh seed.
const seed = process.env.PORTICO_PROPERTY_SEED
if (seed) {
  if (!Number.isSafeInteger(Number(seed))) {
    throw new Error(`PORTICO_PROPERTY_SEED must be an integer, not ${JSON.stringify(seed)}`)
  }
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) })
}
