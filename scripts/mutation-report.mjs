// What the mutation scripts share: how a StrykerJS JSON report is read and how its statuses count.
import { readFileSync } from 'node:fs'

/** Statuses that count as a test noticing the mutant. */
export const DETECTED = new Set(['Killed', 'Timeout'])
/** Statuses left out of the score, as Stryker leaves them out. */
export const UNCOUNTED = new Set(['Ignored', 'CompileError', 'RuntimeError'])

/** The report at `path`; a clear message and exit 2 (a usage error) when it cannot be read. */
export function readStrykerReport(path, tool) {
  let report
  try {
    report = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    console.error(`${tool}: cannot read ${path}: ${error.message}`)
    process.exit(2)
  }
  if (!report || typeof report.files !== 'object') {
    console.error(`${tool}: ${path} is not a Stryker JSON report (no "files")`)
    process.exit(2)
  }
  return report
}
