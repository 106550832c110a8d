// `node scripts/mutation-hybrids.mjs [report.json] [--concurrency N] [--break PERCENT] [--all]`:
// tests again, correctly, the surviving mutants Stryker could not test correctly: module-level code
// that is also first run inside a test ("hybrid" mutants). Writes `<report>.merged.json`, prints
// the score with them, and with `--break` exits 1 when that score is below it (`pnpm mutation`).
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
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DETECTED, readStrykerReport, UNCOUNTED } from './mutation-report.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'reports/hybrids')

const args = process.argv.slice(2)
const everySurvivor = args.includes('--all')
if (everySurvivor) args.splice(args.indexOf('--all'), 1)
/** The survivors this pass tests again. */
const retestable = (m) => m.status === 'Survived' && (everySurvivor || m.static === true)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback
}
const concurrency = option('concurrency', 2)
const threshold = option('break', undefined)
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error('mutation-hybrids: --concurrency takes a whole number of at least 1')
  process.exit(2)
}
if (threshold !== undefined && !(threshold >= 0 && threshold <= 100)) {
  console.error('mutation-hybrids: --break takes a percentage from 0 to 100')
  process.exit(2)
}
const reportPath = resolve(args[0] ?? join(root, 'reports/mutation/mutation.json'))

const report = readStrykerReport(reportPath, 'mutation-hybrids')

const fileOf = (name) => relative(root, resolve(root, name))
/** core/src/auth/rpc.ts → core/src/auth (a file right in core/src: core/src). */
const folderOf = (file) => {
  const parts = file.split('/')
  return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/')
}
// Report locations count lines and columns from 1; `mutate` ranges count columns from 0.
const span = ({ start, end }) => `${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`
const key = (file, m) => `${file}|${m.mutatorName}|${span(m.location)}|${m.replacement}`

/** Surviving hybrids by folder: file → mutants. */
const byFolder = new Map()
let hybrids = 0
for (const [name, { mutants }] of Object.entries(report.files)) {
  const file = fileOf(name)
  for (const m of mutants) {
    if (!retestable(m)) continue
    hybrids++
    const folder = folderOf(file)
    const files = byFolder.get(folder) ?? new Map()
    files.set(file, [...(files.get(file) ?? []), m])
    byFolder.set(folder, files)
  }
}

const score = (files) => {
  let detected = 0
  let counted = 0
  for (const { mutants } of Object.values(files)) {
    for (const m of mutants) {
      if (UNCOUNTED.has(m.status)) continue
      counted++
      if (DETECTED.has(m.status)) detected++
    }
  }
  return { detected, counted }
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
  rmSync(result, { force: true })
  writeFileSync(
    config,
    `// Written by scripts/mutation-hybrids.mjs: the repository's Stryker config, module-level
// mutants active from the first module load, against the tests of ${folder}.
import base from '../../stryker.config.mjs'
export default {
  ...base,
  mutate: ${JSON.stringify(mutate)},
  ignoreStatic: false,
  coverageAnalysis: 'off',
  incremental: false,
  concurrency: ${concurrency},
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: ${JSON.stringify(relative(root, result))} },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp-hybrids',
  // Stryker warns that static mutants are slow: here they are the point.
  warnings: { slow: false },
}
`,
  )
  const count = mutate.length
  console.log(`mutation-hybrids: ${folder}: ${count} surviving mutant(s) to test again…`)
  const runWith = (tests) => {
    rmSync(result, { force: true })
    const run = spawnSync('pnpm', ['exec', 'stryker', 'run', relative(root, config)], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // vitest.mutation.config.ts reads it: only these tests (all of core's when unset).
      env: { ...process.env, PORTICO_MUTATION_TESTS: tests },
    })
    return run.status === 0 && existsSync(result)
  }
  // A folder none of whose tests import the mutated files (farcaster's code is tested from the
  // connectors): every core test that imports them, as the first pass ran.
  if (!runWith(`${folder}/**/*.test.ts`) && !runWith(undefined)) {
    console.error(
      `mutation-hybrids: the Stryker run for ${folder} failed; its ${count} mutant(s) stay survived`,
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
      m.statusReason = `detected by the tests of ${folderOf(file)} with the mutant active from module load (scripts/mutation-hybrids.mjs)`
    }
  }
}
const merged = reportPath.replace(/\.json$/, '.merged.json')
writeFileSync(merged, `${JSON.stringify(report)}\n`)

const pct = ({ detected, counted }) => `${((100 * detected) / counted).toFixed(2)} %`
const after = score(report.files)
const before = { detected: after.detected - killed, counted: after.counted }
console.log(
  `\nsurviving ${everySurvivor ? '' : 'hybrid '}mutants tested again: ${hybrids}; detected by their folder's tests: ${killed}`,
)
if (missing.length > 0) {
  console.log(`not found in the second pass (${missing.length}), left as survived:`)
  for (const line of missing) console.log(`  ${line}`)
}
console.log(`score before: ${pct(before)} (${before.detected} / ${before.counted})`)
console.log(`score after:  ${pct(after)} (${after.detected} / ${after.counted})`)
console.log(`merged report: ${relative(root, merged)}`)
if (threshold !== undefined && (100 * after.detected) / after.counted < threshold) {
  console.error(`mutation-hybrids: the score is below ${threshold} %`)
  process.exit(1)
}
