// `pnpm mutation [stryker options…]`: StrykerJS on core (stryker.config.mjs), then the hybrid pass
// (scripts/mutation-hybrids.mjs) on its report, which tests again the module-level mutants Stryker
// cannot test correctly. The score printed last is core's; a whole run below 85 % fails. Options
// go to Stryker, e.g. `pnpm mutation --mutate 'core/src/send/**/*.ts'` (one folder: the 85 % is
// then not applied, a folder is not the score of core).
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const run = (command, commandArgs) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' }).status ?? 1

const stryker = run('pnpm', ['exec', 'stryker', 'run', ...args])
if (stryker !== 0) process.exit(stryker)
const partial = args.some(
  (arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='),
)
const report = join(root, 'reports/mutation/mutation.json')
process.exit(
  run('node', [
    join(root, 'scripts/mutation-hybrids.mjs'),
    report,
    ...(partial ? [] : ['--break', '85']),
  ]),
)
