// `pnpm mutation [stryker options…]`: StrykerJS on core (stryker.config.mjs), then the hybrid pass
// (hybrids.mjs) on its report, which tests again the module-level mutants Stryker cannot test
// correctly. The score printed last is core's; a whole run below 85 % fails. Options go to
// Stryker, e.g. `pnpm mutation --mutate 'core/src/send/**/*.ts'` (one folder: the 85 % is then not
// applied, a folder is not the score of core).
import { retestHybrids } from './hybrids.mjs'
import { stryker, WHOLE_REPORT } from './shared.mjs'

/** CONTRIBUTING.md's goal for core/src. */
const GOAL = 85

export const help = [
  ['[stryker options…]', `the whole run of core/src, then the hybrids pass; fails below ${GOAL} %`],
]

export function main(args) {
  const status = stryker(args)
  if (status !== 0) return status
  const partial = args.some(
    (arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='),
  )
  return retestHybrids({ report: WHOLE_REPORT, threshold: partial ? undefined : GOAL })
}
