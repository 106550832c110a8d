// `pnpm mutation folders [folder…] [--break 85]`: the whole run split by folder of core/src, one
// StrykerJS run each, so a whole run (about 14 000 mutants, 6–8 hours on 2 cores) can be spread over
// several sittings and what finished is kept. Each folder has its own incremental file and report
// under reports/mutation/folders/<folder>/, so running it again only tests the mutants of what
// changed since that folder's last run. After each folder, the hybrid pass (hybrids.mjs) tests its
// module-level survivors again, as the whole run does.
//
// With no folder named, it runs every folder, the ones with no report yet first. It prints the
// per-folder scores of every folder that has a report (scores.mjs) and core's total;
// `--break 85` fails when a folder has no report yet or the total is below 85 %.
//
// Per folder = same result as one whole run: Stryker's `vitest.related` already runs, for each
// mutant, only the tests that import its file, whatever else is mutated in the same run.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { retestHybrids } from './hybrids.mjs'
import { printScores } from './scores.mjs'
import {
  loadBaseConfig,
  refuseOptions,
  root,
  stryker,
  takeBreak,
  UsageError,
  writeStrykerConfig,
} from './shared.mjs'

const TOOL = 'mutation folders'
const out = join(root, 'reports/mutation/folders')
// Files right in core/src (version.ts…) are one more unit.
const TOP = '_top'

export const help = [
  [
    'folders [folder…] [--break P]',
    'the whole run one folder at a time, resumable; then the scores',
  ],
]

export async function main(args) {
  const threshold = takeBreak(args, TOOL)
  refuseOptions(args, TOOL)

  const base = await loadBaseConfig()
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
  const units = [...folders, TOP]
  const reportOf = (unit) => join(out, unit, 'mutation.json')
  // What the hybrid pass writes: the folder's final result.
  const mergedOf = (unit) => join(out, unit, 'mutation.merged.json')

  const unknown = args.filter((name) => !units.includes(name))
  if (unknown.length > 0) {
    throw new UsageError(`${TOOL}: no folder ${unknown.join(', ')} in core/src`)
  }
  const chosen =
    args.length > 0
      ? args
      : [
          ...units.filter((unit) => !existsSync(mergedOf(unit))),
          ...units.filter((unit) => existsSync(mergedOf(unit))),
        ]

  for (const unit of chosen) {
    const dir = join(out, unit)
    mkdirSync(dir, { recursive: true })
    const mutate = unit === TOP ? ['core/src/*.ts'] : [`core/src/${unit}/**/*.ts`]
    const config = join(dir, 'stryker.config.mjs')
    writeStrykerConfig(
      config,
      "Written by `pnpm mutation folders`: the repository's Stryker config on one folder.",
      {
        mutate: [...mutate, ...exclusions],
        incrementalFile: join(dir, 'incremental.json'),
        reporters: ['clear-text', 'progress', 'json'],
        jsonReporter: { fileName: reportOf(unit) },
      },
    )
    console.log(`\n${TOOL}: ${unit}`)
    const status = stryker([config])
    if (status !== 0) {
      console.error(`${TOOL}: Stryker failed on ${unit}`)
      return status
    }
    if (retestHybrids({ report: reportOf(unit) }) !== 0) {
      console.error(`${TOOL}: the hybrid pass failed on ${unit}`)
      return 1
    }
  }

  const missing = units.filter((unit) => !existsSync(mergedOf(unit)))
  const merged = units.filter((unit) => !missing.includes(unit)).map(mergedOf)
  if (merged.length > 0) {
    const status = printScores(merged, missing.length === 0 ? threshold : undefined)
    if (status !== 0) return status
  }
  if (missing.length > 0) {
    console.log(`\n${TOOL}: no report yet for ${missing.join(', ')}`)
    if (threshold !== undefined) return 1
  }
  return 0
}
