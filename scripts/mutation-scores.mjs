// `node scripts/mutation-scores.mjs [report.json …]`: core's mutation score per folder, from one or
// more StrykerJS JSON reports (default: reports/mutation/mutation.json, what `pnpm mutation` writes).
//
// A whole run of core is about 14 000 mutants, many hours on a 2-core machine; it can be split by
// folder (`pnpm mutation --mutate 'core/src/send/**/*.ts' --jsonReporter.fileName r/send.json`)
// and the reports given here together: a file present in several reports counts from the last one.
// Score = (killed + timeout) / (every mutant but ignored and compile errors), as Stryker counts it.
import { relative, resolve } from 'node:path'
import { DETECTED, readStrykerReport, UNCOUNTED } from './mutation-report.mjs'

const paths = process.argv.slice(2)
// `--break PERCENT`: exit 1 when the total of every report given is below it.
const breakAt = paths.indexOf('--break')
const threshold = breakAt >= 0 ? Number(paths.splice(breakAt, 2)[1]) : undefined
if (threshold !== undefined && !(threshold >= 0 && threshold <= 100)) {
  console.error('mutation-scores: --break takes a percentage from 0 to 100')
  process.exit(2)
}
if (paths.length === 0) paths.push('reports/mutation/mutation.json')

/** @type {Map<string, { status: string }[]>} */
const files = new Map()
for (const path of paths) {
  const report = readStrykerReport(path, 'mutation-scores')
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const name = relative(process.cwd(), resolve(file))
    files.set(name, mutants)
  }
}

/** core/src/<folder>/… → <folder>; a file right in core/src is its own row. */
const folderOf = (file) => {
  const parts = file.split('/')
  const at = parts.indexOf('src')
  return at >= 0 && parts.length > at + 2 ? parts[at + 1] : parts.slice(at + 1).join('/')
}

const empty = () => ({ mutants: 0, detected: 0, survived: 0, noCoverage: 0, counted: 0 })
const rows = new Map()
const total = empty()
for (const [file, mutants] of files) {
  const row = rows.get(folderOf(file)) ?? empty()
  rows.set(folderOf(file), row)
  for (const { status } of mutants) {
    for (const r of [row, total]) {
      r.mutants++
      if (UNCOUNTED.has(status)) continue
      r.counted++
      if (DETECTED.has(status)) r.detected++
      else if (status === 'NoCoverage') r.noCoverage++
      else if (status === 'Survived') r.survived++
    }
  }
}

const score = (r) => (r.counted === 0 ? '—' : `${((100 * r.detected) / r.counted).toFixed(1)} %`)
const WIDTHS = [16, 8, 9, 9, 12, 8]
const cells = (values) =>
  values
    .map((v, i) => (i === 0 ? String(v).padEnd(WIDTHS[i]) : String(v).padStart(WIDTHS[i])))
    .join('  ')
const line = (name, r) => cells([name, r.mutants, r.detected, r.survived, r.noCoverage, score(r)])
console.log(cells(['folder', 'mutants', 'detected', 'survived', 'no coverage', 'score']))
for (const [name, r] of [...rows].sort((a, b) => a[0].localeCompare(b[0])))
  console.log(line(name, r))
console.log(line('all measured', total))
if (
  threshold !== undefined &&
  !(total.counted > 0 && (100 * total.detected) / total.counted >= threshold)
) {
  console.error(`mutation-scores: below ${threshold} %`)
  process.exit(1)
}
