// What the subcommands of `pnpm mutation` share: the repository's Stryker config, how Stryker is
// started and its JSON reports read and counted, and the command line's options.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const baseConfig = join(root, 'stryker.config.mjs')
/** What a whole run writes (stryker.config.mjs) and what `scores` and `hybrids` read by default. */
export const WHOLE_REPORT = join(root, 'reports/mutation/mutation.json')

/** A wrong command line: the CLI prints the message and the subcommand's usage, and exits 2. */
export class UsageError extends Error {}
/** An input file that cannot be used: the CLI prints the message (no usage) and exits 2. */
export class InputError extends UsageError {}

/** Statuses that count as a test noticing the mutant. */
export const DETECTED = new Set(['Killed', 'Timeout'])
/** Statuses left out of the score, as Stryker leaves them out. */
export const UNCOUNTED = new Set(['Ignored', 'CompileError', 'RuntimeError'])

/** The report at `path`, or an InputError naming it when it cannot be read. */
export function readStrykerReport(path, tool) {
  let report
  try {
    report = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new InputError(`${tool}: cannot read ${path}: ${error.message}`)
  }
  if (!report || typeof report.files !== 'object') {
    throw new InputError(`${tool}: ${path} is not a Stryker JSON report (no "files")`)
  }
  return report
}

export const noCounts = () => ({ mutants: 0, detected: 0, survived: 0, noCoverage: 0, counted: 0 })

/** Adds `mutants` (a report's entries) to `counts`. Score = detected / counted, as Stryker counts. */
export function tally(mutants, counts = noCounts()) {
  for (const { status } of mutants) {
    counts.mutants++
    if (UNCOUNTED.has(status)) continue
    counts.counted++
    if (DETECTED.has(status)) counts.detected++
    else if (status === 'NoCoverage') counts.noCoverage++
    else if (status === 'Survived') counts.survived++
  }
  return counts
}

export const percent = ({ detected, counted }, digits = 1) =>
  counted === 0 ? '—' : `${((100 * detected) / counted).toFixed(digits)} %`

/** Whether the score reaches `threshold` (a percentage); nothing counted never does. */
export const reaches = ({ detected, counted }, threshold) =>
  counted > 0 && (100 * detected) / counted >= threshold

/** core/src/auth/rpc.ts → auth; a file right in core/src is its own row (version.ts). */
export function folderOf(file) {
  const parts = file.split('/')
  const at = parts.indexOf('src')
  return at >= 0 && parts.length > at + 2 ? parts[at + 1] : parts.slice(at + 1).join('/')
}

/** The repository's Stryker config, which every generated config extends. */
export const loadBaseConfig = async () => (await import(pathToFileURL(baseConfig).href)).default

/**
 * Writes a Stryker config at `path`: the repository's, with `options` over it. `heading` says
 * which subcommand wrote it and what it changes, for whoever opens it.
 */
export function writeStrykerConfig(path, heading, options) {
  const from = relative(dirname(path), baseConfig)
  const lines = Object.entries(options).map(
    ([name, value]) => `  ${name}: ${JSON.stringify(value)},`,
  )
  writeFileSync(
    path,
    `${heading
      .split('\n')
      .map((line) => `// ${line}`)
      .join('\n')}
import base from '${from.startsWith('.') ? from : `./${from}`}'
export default {
  ...base,
${lines.join('\n')}
}
`,
  )
}

/** `stryker run` with these arguments (a config file, options) in the repository root, on this
 * terminal: its exit status. */
export const stryker = (args, options = {}) =>
  spawnSync('pnpm', ['exec', 'stryker', 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    ...options,
  }).status ?? 1

/** Takes `--name value` out of `args`: the value, or undefined when the option is not given. */
export function takeOption(args, name, tool) {
  const at = args.indexOf(`--${name}`)
  if (at < 0) return undefined
  const [, value] = args.splice(at, 2)
  if (value === undefined) throw new UsageError(`${tool}: --${name} needs a value`)
  return value
}

/** Takes the switch `--name` out of `args`: whether it was there. */
export function takeFlag(args, name) {
  const at = args.indexOf(`--${name}`)
  if (at >= 0) args.splice(at, 1)
  return at >= 0
}

/** `--break PERCENT`: the score below which the command fails. */
export function takeBreak(args, tool) {
  const value = takeOption(args, 'break', tool)
  if (value === undefined) return undefined
  const threshold = Number(value)
  if (!(threshold >= 0 && threshold <= 100)) {
    throw new UsageError(`${tool}: --break takes a percentage from 0 to 100`)
  }
  return threshold
}

/** `--name N`, a whole number of at least `min`. */
export function takeWhole(args, name, { tool, fallback, min = 0 }) {
  const value = takeOption(args, name, tool)
  if (value === undefined) return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < min) {
    throw new UsageError(`${tool}: --${name} takes a whole number of at least ${min}`)
  }
  return number
}

/** After the known options are taken: what is left must be operands (a typo fails, not ignored). */
export function refuseOptions(args, tool) {
  const option = args.find((arg) => arg.startsWith('-'))
  if (option !== undefined) throw new UsageError(`${tool}: unknown option ${option}`)
}
