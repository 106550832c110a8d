// What `pnpm bench` prints: the rounds' numbers as one report (median, min and max of each
// metric, every round's own), written as JSON (--json) or as tables.
import { profileOpen } from './profile.mjs'

const KiB = 1024
const MiB = 1024 * 1024
/** Row order and formatting; the keys are the fields of a round's `metrics`. */
const ROWS = [
  ['loadJsWire', 'JS before any action, gzip over the wire', 'KiB', KiB],
  ['loadJsRaw', 'JS before any action, uncompressed', 'KiB', KiB],
  ['loadJsFiles', 'JS files before any action', '', 1],
  ['fcp', 'first contentful paint', 'ms', 1],
  ['ready', 'navigation → "Connect wallet" ready (painted)', 'ms', 1],
  ['extensionInstall', '  of which the wallet extension install', 'ms', 1],
  ['readyLessExtension', '  ready, less the extension install', 'ms', 1],
  ['loadTbt', 'total blocking time, load (page scripts)', 'ms', 1],
  ['inputDelay', 'click → click handler runs (input delay)', 'ms', 1],
  ['clickToDialog', 'click → dialog painted', 'ms', 1],
  ['clickToFirstOption', 'click → first wallet option painted', 'ms', 1],
  ['clickToWalletInDom', 'click → "Devnet Wallet" in the DOM', 'ms', 1],
  ['clickToWallet', 'click → "Devnet Wallet" painted', 'ms', 1],
  ['openTbt', 'total blocking time, open (to settled)', 'ms', 1],
  ['openLongest', 'longest task ≥ 50 ms, open (0: none)', 'ms', 1],
  ['openLongTasks', 'long tasks (>50 ms), open', '', 1],
  ['openJsWire', 'JS loaded on open, gzip over the wire', 'KiB', KiB],
  ['openJsFiles', 'JS files loaded on open', '', 1],
  ['openApiRequests', 'requests to the devnet on open', '', 1],
  ['openSettle', 'click → settled (network and page quiet, ≥ 1 s)', 'ms', 1],
  ['heapAfterLoad', 'JS heap used after load (after GC)', 'MiB', MiB],
  ['heapAfterOpen', 'JS heap used after open (after GC)', 'MiB', MiB],
  ['cpuCheck', 'CPU check: a fixed 2M-step loop, before the click', 'ms', 1],
]

/** Tenths are more than these measurements can tell apart. */
const tenth = (v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v)

function stats(raw) {
  const values = raw.map(tenth)
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  return { median, min: sorted[0], max: sorted[sorted.length - 1], values }
}

function format(value, unit, scale) {
  if (value === undefined) return '–'
  const scaled = value / scale
  if (unit === '') return String(Math.round(scaled))
  return `${scaled.toFixed(unit === 'ms' ? 0 : unit === 'MiB' ? 1 : 1)} ${unit}`
}

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/**
 * The report of a run: where it ran, the numbers of every metric over the rounds, each round's own.
 * @param {{ commit: string, chromium: string, machine: object, options: { cpu: number, wallet: string, runs: number }, rounds: any[], profiled?: any }} run
 */
export function buildReport({ commit, chromium, machine, options, rounds, profiled }) {
  const metrics = Object.fromEntries(
    ROWS.map(([key, label, unit, scale]) => {
      const s = stats(rounds.map((r) => r.metrics[key]))
      return [key, s ? { label, unit: unit || 'count', scale, ...s } : undefined]
    }).filter(([, value]) => value),
  )
  return {
    commit,
    chromium,
    node: process.version,
    machine,
    cpuThrottle: options.cpu,
    wallet: options.wallet,
    runs: options.runs,
    firstOptionNames: [...new Set(rounds.map((r) => r.firstOptionName))],
    metrics,
    rounds: rounds.map(({ metrics: m, scripts, longTasks, apiRequests }) => ({
      metrics: Object.fromEntries(Object.entries(m).map(([key, v]) => [key, tenth(v)])),
      scripts,
      longTasks,
      apiRequests,
    })),
    profile: profiled?.profile,
  }
}

/** The report as text: the metrics' table, the last round's JS files and devnet requests. */
export function printReport(report, rounds, profiled) {
  const { machine, metrics } = report
  const out = []
  out.push(`Portico drop-in modal (examples/modal), production build, commit ${report.commit}`)
  out.push(
    `Chromium ${report.chromium}, headless, CPU ÷${report.cpuThrottle}; Node ${report.node}; ` +
      `${machine.cores} cores (${machine.cpu}); load average ${machine.loadAverageBefore.join(' ')} ` +
      `→ ${machine.loadAverageAfter.join(' ')}`,
  )
  out.push(
    `${report.runs} rounds, each in a fresh browser context; Devnet Wallet: ${
      report.wallet === 'extension' ? 'installed as an extension' : 'not installed (listed only)'
    }; first option shown: ${report.firstOptionNames.join(', ')}`,
  )
  out.push('')
  out.push(
    table(
      ['', 'median', 'min', 'max'],
      ROWS.filter(([key]) => metrics[key]).map(([key, label, unit, scale]) => {
        const s = metrics[key]
        return [
          label,
          format(s.median, unit, scale),
          format(s.min, unit, scale),
          format(s.max, unit, scale),
        ]
      }),
    ),
  )
  const lastScripts = rounds[rounds.length - 1].scripts
  out.push('')
  out.push('JS files (last round):')
  out.push(
    table(
      ['file', 'when', 'gzip', 'raw'],
      lastScripts.map((s) => [
        new URL(s.url).pathname,
        s.phase,
        format(s.wire, 'KiB', KiB),
        format(s.raw, 'KiB', KiB),
      ]),
    ),
  )
  out.push('', 'Requests to the devnet on open (last round):')
  for (const request of rounds[rounds.length - 1].apiRequests) out.push(`  ${request}`)
  if (profiled) out.push('', profileOpen.print(profiled.profile, profiled.metrics))
  console.log(out.join('\n'))
}
