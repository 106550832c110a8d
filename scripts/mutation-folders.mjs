// `pnpm mutation:folders [folder…] [--break 85]`: `pnpm mutation` split by folder of core/src, one
// StrykerJS run each, so a whole run (about 14 000 mutants, 6–8 hours on 2 cores) can be spread over
// several sittings and what finished is kept. Each folder has its own incremental file and report
// under reports/mutation/folders/<folder>/, so running it again only tests the mutants of what
// changed since that folder's last run. After each folder, the hybrid pass
// (scripts/mutation-hybrids.mjs) tests its module-level survivors again, as `pnpm mutation` does.
//
// With no folder named, it runs every folder, the ones with no report yet first. It prints the
// per-folder scores of every folder that has a report (scripts/mutation-scores.mjs) and core's
// total; `--break 85` fails when a folder has no report yet or the total is below 85 %.
//
// Per folder = same result as one whole run: Stryker's `vitest.related` already runs, for each
// mutant, only the tests that import its file, whatever else is mutated in the same run.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'reports/mutation/folders')
const args = process.argv.slice(2)
const breakAt = args.indexOf('--break')
const threshold = breakAt >= 0 ? Number(args.splice(breakAt, 2)[1]) : undefined
if (threshold !== undefined && !(threshold >= 0 && threshold <= 100)) {
  console.error('mutation-folders: --break takes a percentage from 0 to 100')
  process.exit(2)
}

const base = (await import(pathToFileURL(join(root, 'stryker.config.mjs')).href)).default
// The repository config's exclusions (tests, index and type files…) apply inside every folder.
const exclusions = base.mutate.filter((pattern) => pattern.startsWith('!'))
const src = join(root, 'core/src')
/** A folder with a source file Stryker would mutate (messages/ holds none). */
const mutable = (dir) =>
  readdirSync(dir, { recursive: true }).some(
    (file) =>
      String(file).endsWith('.ts') && !/(^|\/)(index|types)\.ts$|\.test\.ts$/.test(String(file)),
  )
const folders = readdirSync(src).filter(
  (name) =>
    statSync(join(src, name)).isDirectory() &&
    !exclusions.includes(`!core/src/${name}/**`) &&
    !name.startsWith('__') &&
    mutable(join(src, name)),
)
// Files right in core/src (version.ts…) are one more unit.
const TOP = '_top'
const units = [...folders, TOP]
const reportOf = (unit) => join(out, unit, 'mutation.json')
// What the hybrid pass writes: the folder's final result.
const mergedOf = (unit) => join(out, unit, 'mutation.merged.json')

const unknown = args.filter((name) => !units.includes(name))
if (unknown.length > 0) {
  console.error(`mutation-folders: no folder ${unknown.join(', ')} in core/src`)
  process.exit(2)
}
const chosen =
  args.length > 0
    ? args
    : [
        ...units.filter((unit) => !existsSync(mergedOf(unit))),
        ...units.filter((unit) => existsSync(mergedOf(unit))),
      ]

const run = (command, commandArgs) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' }).status ?? 1

for (const unit of chosen) {
  const dir = join(out, unit)
  mkdirSync(dir, { recursive: true })
  const mutate = unit === TOP ? ['core/src/*.ts'] : [`core/src/${unit}/**/*.ts`]
  const config = join(dir, 'stryker.config.mjs')
  writeFileSync(
    config,
    `// Written by scripts/mutation-folders.mjs: the repository's Stryker config on one folder.
import base from '../../../../stryker.config.mjs'
export default {
  ...base,
  mutate: ${JSON.stringify([...mutate, ...exclusions])},
  incrementalFile: ${JSON.stringify(join(dir, 'incremental.json'))},
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: ${JSON.stringify(reportOf(unit))} },
}
`,
  )
  console.log(`\nmutation-folders: ${unit}`)
  const status = run('pnpm', ['exec', 'stryker', 'run', config])
  if (status !== 0) {
    console.error(`mutation-folders: Stryker failed on ${unit}`)
    process.exit(status)
  }
  if (run('node', [join(root, 'scripts/mutation-hybrids.mjs'), reportOf(unit)]) !== 0) {
    console.error(`mutation-folders: the hybrid pass failed on ${unit}`)
    process.exit(1)
  }
}

const missing = units.filter((unit) => !existsSync(mergedOf(unit)))
const merged = units.filter((unit) => !missing.includes(unit)).map(mergedOf)
if (merged.length > 0) {
  const scoreArgs = [join(root, 'scripts/mutation-scores.mjs'), ...merged]
  if (threshold !== undefined && missing.length === 0) scoreArgs.push('--break', String(threshold))
  const status = run('node', scoreArgs)
  if (status !== 0) process.exit(status)
}
if (missing.length > 0) {
  console.log(`\nmutation-folders: no report yet for ${missing.join(', ')}`)
  if (threshold !== undefined) process.exit(1)
}
