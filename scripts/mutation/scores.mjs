// `pnpm mutation scores [report.json …] [--break PERCENT]`: core's mutation score per folder, from
// one or more StrykerJS JSON reports (default: reports/mutation/mutation.json, what a whole run
// writes).
//
// A whole run of core is about 14 000 mutants, many hours on a 2-core machine; it can be split by
// folder (`pnpm mutation folders`, or by hand: `pnpm mutation --mutate 'core/src/send/**/*.ts'
// --jsonReporter.fileName r/send.json`) and the reports given here together: a file present in
// several reports counts from the last one. Score = (killed + timeout) / (every mutant but ignored
// and compile errors), as Stryker counts it.
import { relative, resolve } from 'node:path'
import {
  folderOf,
  noCounts,
  percent,
  reaches,
  readStrykerReport,
  refuseOptions,
  takeBreak,
  tally,
  WHOLE_REPORT,
} from './shared.mjs'

const TOOL = 'mutation scores'

export const help = [
  ['scores [report…] [--break P]', 'the score per folder of Stryker JSON reports, added up'],
]

export function main(args) {
  // `--break PERCENT`: fail when the total of every report given is below it.
  const threshold = takeBreak(args, TOOL)
  refuseOptions(args, TOOL)
  return printScores(args.length > 0 ? args : [WHOLE_REPORT], threshold)
}

/** Prints the table of the reports at `paths`; 1 when `threshold` is given and not reached. */
export function printScores(paths, threshold) {
  /** @type {Map<string, { status: string }[]>} */
  const files = new Map()
  for (const path of paths) {
    const report = readStrykerReport(path, TOOL)
    for (const [file, { mutants }] of Object.entries(report.files)) {
      files.set(relative(process.cwd(), resolve(file)), mutants)
    }
  }

  const rows = new Map()
  const total = noCounts()
  for (const [file, mutants] of files) {
    const folder = folderOf(file)
    rows.set(folder, tally(mutants, rows.get(folder)))
    tally(mutants, total)
  }

  const WIDTHS = [16, 8, 9, 9, 12, 8]
  const cells = (values) =>
    values
      .map((v, i) => (i === 0 ? String(v).padEnd(WIDTHS[i]) : String(v).padStart(WIDTHS[i])))
      .join('  ')
  const line = (name, r) =>
    cells([name, r.mutants, r.detected, r.survived, r.noCoverage, percent(r)])
  console.log(cells(['folder', 'mutants', 'detected', 'survived', 'no coverage', 'score']))
  for (const [name, r] of [...rows].sort((a, b) => a[0].localeCompare(b[0])))
    console.log(line(name, r))
  console.log(line('all measured', total))
  if (threshold !== undefined && !reaches(total, threshold)) {
    console.error(`${TOOL}: below ${threshold} %`)
    return 1
  }
  return 0
}
