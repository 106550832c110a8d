// `pnpm mutation hybrids [report.json] [--concurrency N] [--break PERCENT] [--all]`: tests again,
// correctly, the surviving mutants Stryker could not test correctly: module-level code that is also
// first run inside a test ("hybrid" mutants). Writes `<report>.merged.json`, prints the score with
// them, and with `--break` fails when that score is below it (the whole run's second pass).
// `--all` tests every survivor again the same way: after tests were added, it updates a report
// (a sample's, say) without running the mutants already killed again.
//
// Why: the repository's config leaves module-level code out (`ignoreStatic`: re-running every test
// in a fresh module graph per mutant is most of a whole run's time). Stryker still tests a mutant
// of module-level code when some test was the first to import its module (a module loaded on demand
// with `import()`, as most of core's features are), but only with the tests that happened to load
// it, and with the mutant switched on after the modules of every other test file were loaded. So a
// changed constant of `auth/rpc.ts` (a regular expression for hex quantities) "survives" although
// `auth/rpc.test.ts` fails with it: that file imported the module before any test began.
//
// This pass takes those survivors (a report marks them `static`) and runs each with the mutant
// active from the first module load, against every test file of the mutated file's folder that
// imports it (`coverageAnalysis: 'off'`, vitest `related`), one Stryker run per folder. A mutant
// killed there is a real kill (a test of core fails with it); one that survives again survives.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import {
  DETECTED,
  noCounts,
  percent,
  reaches,
  readStrykerReport,
  refuseOptions,
  root,
  stryker,
  takeBreak,
  takeFlag,
  takeWhole,
  tally,
  UsageError,
  WHOLE_REPORT,
  writeStrykerConfig,
} from './shared.mjs'

const TOOL = 'mutation hybrids'
const out = join(root, 'reports/hybrids')

export const help = [
  [
    'hybrids [report] [--all] [--concurrency 2] [--break P]',
    'tests module-level survivors again: <report>.merged.json',
  ],
]

export function main(args) {
  const all = takeFlag(args, 'all')
  const concurrency = takeWhole(args, 'concurrency', { tool: TOOL, fallback: 2, min: 1 })
  const threshold = takeBreak(args, TOOL)
  refuseOptions(args, TOOL)
  if (args.length > 1) throw new UsageError(`${TOOL}: one report at a time`)
  return retestHybrids({ report: resolve(args[0] ?? WHOLE_REPORT), all, concurrency, threshold })
}

const fileOf = (name) => relative(root, resolve(root, name))
/** The tests that run a file's mutants again: core/src/auth/rpc.ts → core/src/auth (a file right
 * in core/src: core/src, all of core's tests). */
const testFolderOf = (file) => {
  const parts = file.split('/')
  return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/')
}
// Report locations count lines and columns from 1; `mutate` ranges count columns from 0.
const span = ({ start, end }) => `${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`
const key = (file, m) => `${file}|${m.mutatorName}|${span(m.location)}|${m.replacement}`

/**
 * The second pass on the report at `report` (a path): its exit status, 1 when `threshold` is given
 * and the merged score is below it. `all`: every survivor, not only the hybrids.
 */
export function retestHybrids({ report: reportPath, all = false, concurrency = 2, threshold }) {
  const report = readStrykerReport(reportPath, TOOL)
  /** The survivors this pass tests again. */
  const retestable = (m) => m.status === 'Survived' && (all || m.static === true)

  /** Surviving hybrids by folder: file → mutants. */
  const byFolder = new Map()
  let hybrids = 0
  for (const [name, { mutants }] of Object.entries(report.files)) {
    const file = fileOf(name)
    for (const m of mutants) {
      if (!retestable(m)) continue
      hybrids++
      const folder = testFolderOf(file)
      const files = byFolder.get(folder) ?? new Map()
      files.set(file, [...(files.get(file) ?? []), m])
      byFolder.set(folder, files)
    }
  }

  /** Statuses of the second pass, by mutant key. */
  const retested = new Map()
  mkdirSync(out, { recursive: true })
  for (const [folder, files] of byFolder) {
    const mutate = [...files].flatMap(([file, mutants]) =>
      mutants.map((m) => `${file}:${span(m.location)}`),
    )
    const name = folder.replace(/\//g, '-')
    const config = join(out, `stryker.${name}.mjs`)
    const result = join(out, `${name}.report.json`)
    writeStrykerConfig(
      config,
      `Written by \`pnpm mutation hybrids\`: the repository's Stryker config, module-level
mutants active from the first module load, against the tests of ${folder}.`,
      {
        mutate,
        ignoreStatic: false,
        coverageAnalysis: 'off',
        incremental: false,
        concurrency,
        reporters: ['json', 'progress-append-only'],
        jsonReporter: { fileName: relative(root, result) },
        thresholds: { high: 90, low: 85, break: null },
        tempDirName: '.stryker-tmp-hybrids',
        // Stryker warns that static mutants are slow: here they are the point.
        warnings: { slow: false },
      },
    )
    const count = mutate.length
    console.log(`${TOOL}: ${folder}: ${count} surviving mutant(s) to test again…`)
    const runWith = (tests) => {
      rmSync(result, { force: true })
      const status = stryker([relative(root, config)], {
        stdio: ['ignore', 'inherit', 'inherit'],
        // vitest.mutation.config.ts reads it: only these tests (all of core's when unset).
        env: { ...process.env, PORTICO_MUTATION_TESTS: tests },
      })
      return status === 0 && existsSync(result)
    }
    // A folder none of whose tests import the mutated files (farcaster's code is tested from the
    // connectors): every core test that imports them, as the first pass ran.
    if (!runWith(`${folder}/**/*.test.ts`) && !runWith(undefined)) {
      console.error(
        `${TOOL}: the Stryker run for ${folder} failed; its ${count} mutant(s) stay survived`,
      )
      continue
    }
    const second = JSON.parse(readFileSync(result, 'utf8'))
    for (const [secondName, { mutants }] of Object.entries(second.files)) {
      for (const m of mutants) retested.set(key(fileOf(secondName), m), m.status)
    }
  }

  // The merged report: each hybrid survivor takes its second-pass status when it was detected there.
  let killed = 0
  const missing = []
  for (const [name, entry] of Object.entries(report.files)) {
    const file = fileOf(name)
    for (const m of entry.mutants) {
      if (!retestable(m)) continue
      const status = retested.get(key(file, m))
      if (status === undefined) missing.push(`${file}:${span(m.location)} ${m.mutatorName}`)
      else if (DETECTED.has(status)) {
        killed++
        m.status = status
        m.statusReason = `detected by the tests of ${testFolderOf(file)} with the mutant active from module load (pnpm mutation hybrids)`
      }
    }
  }
  const merged = reportPath.replace(/\.json$/, '.merged.json')
  writeFileSync(merged, `${JSON.stringify(report)}\n`)

  const after = noCounts()
  for (const { mutants } of Object.values(report.files)) tally(mutants, after)
  const before = { detected: after.detected - killed, counted: after.counted }
  console.log(
    `\nsurviving ${all ? '' : 'hybrid '}mutants tested again: ${hybrids}; detected by their folder's tests: ${killed}`,
  )
  if (missing.length > 0) {
    console.log(`not found in the second pass (${missing.length}), left as survived:`)
    for (const line of missing) console.log(`  ${line}`)
  }
  console.log(`score before: ${percent(before, 2)} (${before.detected} / ${before.counted})`)
  console.log(`score after:  ${percent(after, 2)} (${after.detected} / ${after.counted})`)
  console.log(`merged report: ${relative(root, merged)}`)
  if (threshold !== undefined && !reaches(after, threshold)) {
    console.error(`${TOOL}: the score is below ${threshold} %`)
    return 1
  }
  return 0
}
