// `pnpm mutation sample pick|score`: an estimate of core/src's whole mutation score from a random
// sample, for when a whole run (about 14 000 mutants, 6–8 hours on 2 cores) does not fit. Not a
// proof: the estimate comes with its 95 % interval.
//
//   pnpm mutation sample pick [--lines 250] [--blocks 30] [--seed 20261123]
//                             [--under core/src/auth/,core/src/adapters/]
//     lists core/src's mutants with Stryker's own instrumenter (only the files under the given
//     folders with --under, to estimate folders a whole run has not reached), draws the sample and
//     writes reports/sample/stryker.sample.mjs (a Stryker config whose `mutate` is the sample) and
//     reports/sample/sample.json (what was drawn).
//   pnpm exec stryker run reports/sample/stryker.sample.mjs
//   pnpm mutation sample score [reports/sample/sample.report.json]
//     (`pnpm mutation sample` alone is `score`.)
//
// The design: `mutate` ranges select the mutants whose whole span lies inside a range, so
// - mutants on one line are sampled by line (a cluster sample): every mutant of a drawn line is
//   tested and counts;
// - mutants spanning several lines (a removed block, an emptied object or arrow body) are drawn one
//   by one and tested on their exact span; the mutants nested in that span are tested too (Stryker
//   cannot leave them out) but only the drawn one counts.
// The two strata are weighted by their share of all mutants; the interval is a bootstrap over the
// drawn lines and mutants. Static mutants are left out as in the whole run (ignoreStatic).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  DETECTED,
  folderOf,
  InputError,
  loadBaseConfig,
  readStrykerReport,
  refuseOptions,
  root,
  takeOption,
  takeWhole,
  UNCOUNTED,
  UsageError,
  writeStrykerConfig,
} from './shared.mjs'

const TOOL = 'mutation sample'
const out = join(root, 'reports/sample')

export const help = [
  [
    'sample pick [--under d/,d/] [--lines 250] [--blocks 30] [--seed N]',
    'draws a sample: reports/sample/stryker.sample.mjs',
  ],
  ['sample score [report]', "core's score estimated from the sample's report"],
]

export async function main(args) {
  const [command = 'score', ...rest] = args
  if (command === 'pick') return pick(rest)
  if (command === 'score') return score(rest)
  throw new UsageError(`${TOOL}: no subcommand ${command}: pick or score`)
}

/** A seeded generator, so a sample can be drawn again (same seed, same code: same sample). */
function random(seed) {
  let state = seed >>> 0 || 1
  return () => {
    // xorshift32
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state / 2 ** 32
  }
}

function shuffle(items, next) {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

async function listMutants(folders) {
  // The instrumenter Stryker itself uses, so the mutants are exactly the ones a run makes.
  const strykerCore = createRequire(join(root, 'package.json')).resolve('@stryker-mutator/core')
  const instrumenterDir = dirname(
    createRequire(strykerCore).resolve('@stryker-mutator/instrumenter'),
  )
  const load = (path) => import(pathToFileURL(join(instrumenterDir, path)).href)
  const { Instrumenter } = await load('instrumenter.js')
  const { createParser } = await load('parsers/index.js')
  const { print } = await load('printers/index.js')
  const { transform } = await load('transformers/index.js')
  const logger = { debug() {}, info() {}, warn: console.warn, isDebugEnabled: () => false }
  const config = await loadBaseConfig()
  const include = config.mutate.filter((p) => !p.startsWith('!'))
  const exclude = config.mutate.filter((p) => p.startsWith('!')).map((p) => p.slice(1))
  const files = execFileSync('git', ['ls-files', '--', ...include], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .filter((file) => !exclude.some((pattern) => matches(pattern, file)))
    .filter((file) => folders.length === 0 || folders.some((folder) => file.startsWith(folder)))
  const { mutants } = await new Instrumenter(logger, createParser, print, transform).instrument(
    files.map((name) => ({
      name: join(root, name),
      mutate: true,
      content: readFileSync(join(root, name), 'utf8'),
    })),
    { plugins: null, excludedMutations: [], ignorers: [], noHeader: false },
  )
  return mutants.map((m) => ({
    file: relative(root, m.fileName),
    mutator: m.mutatorName,
    replacement: m.replacement,
    // Stryker's API locations count lines from 0; `mutate` ranges count them from 1.
    start: [m.location.start.line + 1, m.location.start.column],
    end: [m.location.end.line + 1, m.location.end.column],
  }))
}

/** The few glob shapes stryker.config.mjs uses (`**`, `*`), enough to leave its exclusions out. */
function matches(pattern, file) {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '@@')
    .replace(/\*/g, '[^/]*')
    .replace(/@@/g, '(?:.*/)?')
  return new RegExp(`^${source}$`).test(file)
}

async function pick(args) {
  const seed = takeWhole(args, 'seed', { tool: TOOL, fallback: 20261123 })
  const lineCount = takeWhole(args, 'lines', { tool: TOOL, fallback: 250 })
  const blockCount = takeWhole(args, 'blocks', { tool: TOOL, fallback: 30 })
  /** `--under a/,b/`: the folders (path prefixes from the repository root) the sample is drawn from. */
  const folders = String(takeOption(args, 'under', TOOL) ?? '')
    .split(',')
    .filter(Boolean)
  refuseOptions(args, TOOL)
  if (args.length > 0) throw new UsageError(`${TOOL}: pick takes no ${args.join(' ')}`)
  const next = random(seed)
  const mutants = await listMutants(folders)
  if (mutants.length === 0) throw new InputError(`${TOOL}: no mutants under ${folders.join(', ')}`)
  const single = mutants.filter((m) => m.start[0] === m.end[0])
  const multi = mutants.filter((m) => m.start[0] !== m.end[0])
  const lines = shuffle([...new Set(single.map((m) => `${m.file}:${m.start[0]}`))].sort(), next)
  const drawnLines = lines.slice(0, lineCount)
  const drawnBlocks = shuffle(multi, next).slice(0, blockCount)
  const mutate = [
    ...drawnLines.map((line) => `${line}-${line.split(':').at(-1)}`),
    ...drawnBlocks.map((m) => `${m.file}:${m.start.join(':')}-${m.end.join(':')}`),
  ]
  mkdirSync(out, { recursive: true })
  const sample = {
    population: { mutants: mutants.length, single: single.length, multi: multi.length },
    under: folders,
    lines: drawnLines,
    blocks: drawnBlocks,
  }
  writeFileSync(join(out, 'sample.json'), `${JSON.stringify(sample, null, 1)}\n`)
  writeStrykerConfig(
    join(out, 'stryker.sample.mjs'),
    "Written by `pnpm mutation sample pick`: the repository's Stryker config on a sample.",
    {
      mutate,
      incremental: false,
      reporters: ['clear-text', 'json', 'progress-append-only'],
      jsonReporter: { fileName: 'reports/sample/sample.report.json' },
      thresholds: { high: 90, low: 85, break: null },
      tempDirName: '.stryker-tmp-sample',
    },
  )
  console.log(
    `${mutants.length} mutants in ${folders.length > 0 ? folders.join(', ') : 'core/src'} (${single.length} on one line, on ${lines.length} lines; ${multi.length} on several)`,
  )
  console.log(
    `drawn: ${drawnLines.length} lines and ${drawnBlocks.length} multi-line mutants → reports/sample/stryker.sample.mjs`,
  )
  return 0
}

function score(args) {
  refuseOptions(args, TOOL)
  if (args.length > 1) throw new UsageError(`${TOOL}: one report at a time`)
  let sample
  try {
    sample = JSON.parse(readFileSync(join(out, 'sample.json'), 'utf8'))
  } catch (error) {
    throw new InputError(
      `${TOOL}: no sample drawn (${error.message}): \`pnpm mutation sample pick\` first`,
    )
  }
  const report = readStrykerReport(resolve(args[0] ?? join(out, 'sample.report.json')), TOOL)
  const tested = []
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      tested.push({
        file: relative(root, resolve(root, file)),
        mutator: m.mutatorName,
        replacement: m.replacement,
        status: m.status,
        start: [m.location.start.line, m.location.start.column - 1],
        end: [m.location.end.line, m.location.end.column - 1],
      })
    }
  }
  // Per folder of core/src: [detected, counted] over the counted mutants of both strata.
  const folders = new Map()
  const tally = (file, detected) => {
    const folder = folderOf(file)
    const [d, n] = folders.get(folder) ?? [0, 0]
    folders.set(folder, [d + (detected ? 1 : 0), n + 1])
  }
  // Per drawn line: [detected, counted]; per drawn block: its status.
  const lineCounts = sample.lines.map((line) => {
    const [file, n] = [line.slice(0, line.lastIndexOf(':')), Number(line.split(':').at(-1))]
    const here = tested.filter(
      (m) => m.file === file && m.start[0] === n && m.end[0] === n && !UNCOUNTED.has(m.status),
    )
    for (const m of here) tally(file, DETECTED.has(m.status))
    return [here.filter((m) => DETECTED.has(m.status)).length, here.length]
  })
  const sameSpan = (a, b) =>
    a.file === b.file &&
    a.mutator === b.mutator &&
    a.start.join() === b.start.join() &&
    a.end.join() === b.end.join()
  const same = (a, b) => sameSpan(a, b) && a.replacement === b.replacement
  const blockCounts = sample.blocks.map((block) => {
    // The report may print a replacement differently from the instrumenter: then the mutator and
    // the exact span decide, when they name one mutant only.
    const candidates = tested.filter((m) => sameSpan(m, block))
    const found =
      candidates.find((m) => same(m, block)) ??
      (candidates.length === 1 ? candidates[0] : undefined)
    if (!found) return undefined
    if (!UNCOUNTED.has(found.status)) tally(found.file, DETECTED.has(found.status))
    return UNCOUNTED.has(found.status) ? [0, 0] : [DETECTED.has(found.status) ? 1 : 0, 1]
  })
  const missing = blockCounts.filter((c) => c === undefined).length
  const blocks = blockCounts.filter(Boolean)
  const { single, multi } = sample.population
  const estimate = (ls, bs) => {
    const sum = (xs, i) => xs.reduce((s, x) => s + x[i], 0)
    const ps = sum(ls, 0) / sum(ls, 1)
    const pm = sum(bs, 0) / sum(bs, 1)
    return (single * ps + multi * pm) / (single + multi)
  }
  const next = random(7)
  const draws = []
  for (let i = 0; i < 4000; i++) {
    const ls = lineCounts.map(() => lineCounts[Math.floor(next() * lineCounts.length)])
    const bs = blocks.map(() => blocks[Math.floor(next() * blocks.length)])
    const value = estimate(ls, bs)
    if (Number.isFinite(value)) draws.push(value)
  }
  draws.sort((a, b) => a - b)
  const pct = (x) => `${(100 * x).toFixed(1)} %`
  const counted = lineCounts.reduce((s, c) => s + c[1], 0)
  const detected = lineCounts.reduce((s, c) => s + c[0], 0)
  const blockCounted = blocks.reduce((s, c) => s + c[1], 0)
  const blockDetected = blocks.reduce((s, c) => s + c[0], 0)
  console.log(
    `one-line mutants: ${detected} of ${counted} detected on ${lineCounts.length} lines (${pct(detected / counted)})`,
  )
  console.log(
    `multi-line mutants: ${blockDetected} of ${blockCounted} detected (${pct(blockDetected / blockCounted)})${missing ? `, ${missing} not found in the report` : ''}`,
  )
  console.log(
    `${sample.under?.length > 0 ? sample.under.join(', ') : 'core/src'} estimate: ${pct(estimate(lineCounts, blocks))} (95 % interval ${pct(draws[Math.floor(draws.length * 0.025)])} – ${pct(draws[Math.floor(draws.length * 0.975)])})`,
  )
  // Small samples per folder: a guide to where the survivors are, not a folder's score.
  console.log('\nper folder (sampled mutants detected / counted, unweighted):')
  for (const [folder, [d, n]] of [...folders].sort((a, b) => b[1][1] - a[1][1])) {
    console.log(
      `  ${folder.padEnd(14)} ${String(d).padStart(4)} / ${String(n).padEnd(4)} ${pct(d / n)}`,
    )
  }
  return 0
}
