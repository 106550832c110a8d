// `pnpm bench`: how fast the drop-in modal example is for a user on a slow phone-class CPU.
// A benchmark, not a test: it prints numbers and fails only when it cannot measure.
//
// It starts a devnet on free ports, builds `examples/modal` for production (`vite build` into a
// temporary folder, wired to that devnet), serves the build gzip-compressed like a CDN, and drives
// headless Chromium with the CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate). Each round
// uses a fresh browser context (empty HTTP cache, code cache and storage): load the page, wait until
// it is idle, click "Connect wallet", wait until the "Devnet Wallet" option is on screen, settle.
//
// The Devnet Wallet plays an installed browser extension: its code is added to every page before
// the page's own scripts (like an extension's content script at document_start) and announces
// itself over EIP-6963, so the Connect view lists it at once. Its code is not a download of the
// page, so it is not in the JS bytes. `--wallet none` measures a user without it: the option then
// comes from the wallet explorer's listing (a request to the devnet API after the click).
//
//   pnpm bench [--runs 5] [--json] [--cpu 4] [--wallet extension|none] [--profile]
//
// --profile adds one more round, not counted in the numbers, traced (CDP Tracing) and sampled
// (CDP Profiler) from the click until the page settles, and prints where the main thread's time
// went: by kind of work, by source file (through the build's source maps) and by function.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as esbuild } from 'esbuild'
import { chromium } from 'playwright-core'
import { benchProbe } from './bench/probe.mjs'
import { PROBE_URL, profileOpen } from './bench/profile.mjs'
import { startStaticServer } from './bench/server.mjs'
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const exampleRoot = join(root, 'examples', 'modal')
const NAMES = { openButton: 'Connect wallet', wallet: 'Devnet Wallet' }
/** Longest any single step may take before the round counts as not measurable. */
const STEP_TIMEOUT_MS = 60_000
/** After the wallet option shows: at least this long, and until the network and page are quiet. */
const SETTLE_MS = 1_000
const NETWORK_QUIET_MS = 500
const SETTLE_CAP_MS = 15_000
/** A task longer than this blocks input (the long-task threshold of the web platform). */
const LONG_TASK_MS = 50

// ── arguments ──────────────────────────────────────────────────────────────────────────────────

function usage(message) {
  if (message) console.error(`bench: ${message}`)
  console.error(
    'usage: pnpm bench [--runs N] [--json] [--cpu RATE] [--wallet extension|none] [--profile]',
  )
  process.exit(2)
}

function parseArgs(argv) {
  const options = { runs: 5, json: false, cpu: 4, wallet: 'extension', profile: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined) usage(`${flag} needs a value`)
      return v
    }
    if (flag === '--runs') {
      options.runs = Number(value())
      if (!Number.isInteger(options.runs) || options.runs < 1 || options.runs > 100) {
        usage('--runs takes a whole number from 1 to 100')
      }
    } else if (flag === '--cpu') {
      options.cpu = Number(value())
      if (!Number.isFinite(options.cpu) || options.cpu < 1 || options.cpu > 20) {
        usage('--cpu takes a slowdown rate from 1 (none) to 20')
      }
    } else if (flag === '--wallet') {
      options.wallet = value()
      if (!['extension', 'none'].includes(options.wallet)) usage('--wallet is extension or none')
    } else if (flag === '--json') options.json = true
    else if (flag === '--profile') options.profile = true
    else if (flag === '--help' || flag === '-h') usage()
    else usage(`unknown argument ${arg}`)
  }
  return options
}

const options = parseArgs(process.argv.slice(2))
/** Progress goes to stderr, so `--json` output stays clean on stdout. */
const log = (line) => process.stderr.write(`${line}\n`)

// ── everything started is stopped, on success, failure or Ctrl-C ──────────────────────────────

/** @type {{ name: string, close: () => unknown }[]} */
const started = []
let cleaning
let interrupted = false
function cleanup() {
  cleaning ??= (async () => {
    for (const { name, close } of started.reverse()) {
      try {
        await close()
      } catch (error) {
        log(`bench: could not stop ${name}: ${error instanceof Error ? error.message : error}`)
      }
    }
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true
    log(`\nbench: ${signal}, stopping everything it started…`)
    void cleanup().then(() => process.exit(130))
  })
}

// ── the stack ──────────────────────────────────────────────────────────────────────────────────

function commit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim()
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString().trim()
    return dirty ? `${sha} (with uncommitted changes)` : sha
  } catch {
    return 'unknown'
  }
}

async function buildExample(outDir) {
  const { build } = await import('vite')
  await build({
    root: exampleRoot,
    configFile: join(exampleRoot, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    build: {
      outDir,
      emptyOutDir: true,
      // Maps next to the files, for --profile; "hidden" leaves the served JS byte for byte as
      // without them (no sourceMappingURL comment), and the server never serves .map files.
      sourcemap: 'hidden',
      reportCompressedSize: false,
    },
  })
}

/** The Devnet Wallet as one classic script, installed like an extension's content script. */
async function extensionScript(devnetInfo) {
  const walletOptions = {
    chains: [...devnetInfo.chains, devnetInfo.unlistedChain].map(({ chainId, name, rpcUrl }) => ({
      chainId,
      name,
      rpcUrl,
    })),
    mnemonic: devnetInfo.mnemonic,
  }
  const result = await esbuild({
    stdin: {
      contents: [
        `import { installDevnetWallet } from '@portico/devnet/wallet'`,
        'if (window.top === window) {',
        '  const start = performance.now()',
        `  installDevnetWallet(${JSON.stringify(walletOptions)})`,
        '  const bench = window.__porticoBench',
        '  if (bench) bench.extension = { start, end: performance.now() }',
        '}',
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'devnet-wallet-extension.ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    nodePaths: [join(root, 'devnet', 'node_modules')],
  })
  // Named, so a profile shows the extension's time apart from the page's.
  return `${result.outputFiles[0].text}\n//# sourceURL=devnet-wallet-extension.js\n`
}

// ── one round ──────────────────────────────────────────────────────────────────────────────────

const isScript = (request, response) =>
  request.resourceType() === 'script' ||
  /javascript|ecmascript/.test(response?.headers()['content-type'] ?? '')

async function heapUsed(cdp) {
  // Twice: objects kept alive only by weak references or finalizers can need a second pass.
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

/** Resolves when the page's main thread has had an idle period (nothing queued). */
function pageIdle(page) {
  return page.evaluate(
    () =>
      new Promise((done) => {
        requestIdleCallback(() => done(undefined), { timeout: 10_000 })
      }),
  )
}

/**
 * Waits until `minMs` have passed, no request has been in flight for NETWORK_QUIET_MS and then the
 * page's main thread has been idle with still no new request (on a loaded machine a response can
 * take longer than the quiet period to turn into the next request), or until SETTLE_CAP_MS.
 * Polls with a deadline.
 */
async function settle(page, network, minMs) {
  const startedAt = Date.now()
  for (;;) {
    const now = Date.now()
    if (now - startedAt >= SETTLE_CAP_MS) return
    const quiet = network.inFlight === 0 && now - network.lastActivity >= NETWORK_QUIET_MS
    if (now - startedAt >= minMs && quiet) {
      const before = network.lastActivity
      await pageIdle(page)
      if (network.inFlight === 0 && network.lastActivity === before) return
    }
    await new Promise((done) => setTimeout(done, 25))
  }
}

/** `promise`, or a rejection naming what was awaited, after STEP_TIMEOUT_MS. */
async function within(promise, what) {
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`waited ${STEP_TIMEOUT_MS / 1000} s for ${what}`)),
      STEP_TIMEOUT_MS,
    )
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function blocking(tasks) {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0)
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, extension?: string, profile?: boolean }} setup
 */
async function round(browser, setup) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript({
      content: `(${benchProbe})(${JSON.stringify(NAMES)})\n//# sourceURL=${PROBE_URL}\n`,
    })
    if (setup.extension) await context.addInitScript({ content: setup.extension })
    const page = await context.newPage()
    page.setDefaultTimeout(STEP_TIMEOUT_MS)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu })

    let phase = 'load'
    const network = { inFlight: 0, lastActivity: Date.now() }
    /** @type {{ request: import('playwright-core').Request, phase: string }[]} */
    const finished = []
    page.on('request', () => {
      network.inFlight++
      network.lastActivity = Date.now()
    })
    const done = (request) => {
      network.inFlight--
      network.lastActivity = Date.now()
      finished.push({ request, phase })
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)

    await page.goto(setup.url, { waitUntil: 'load' })
    // The probe resolves these itself: no polling from here that would load the page's thread.
    await within(
      page.evaluate(() => window.__porticoBench.readyDone),
      `"${NAMES.openButton}" to be visible and enabled`,
    )
    // Start the click from a quiet page: every load request answered, the main thread idle, the
    // pointer already over the button (its hover restyle done), no garbage left.
    await page.waitForLoadState('networkidle')
    const box = await page
      .getByRole('button', { name: NAMES.openButton, exact: true })
      .boundingBox()
    if (!box) throw new Error(`"${NAMES.openButton}" has no box`)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    const heapAfterLoad = await heapUsed(cdp)
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    )
    // How long a fixed piece of JS takes right now: on a shared machine, a round where this is
    // slow had less CPU than the others, whatever the SDK did.
    const cpuCheck = await page.evaluate(() => {
      const started = performance.now()
      let x = 0
      for (let i = 0; i < 2_000_000; i++) x = (x + i * 7) % 1_000_003
      return x >= 0 ? performance.now() - started : -1
    })
    await pageIdle(page)

    phase = 'open'
    const trace = setup.profile ? await profileOpen.start(cdp) : undefined
    // A bare press and release (CDP Input events), without Playwright's actionability checks and
    // hit-target listeners, which would run in the page during the measured interaction.
    const opened = page.evaluate(() => window.__porticoBench.openDone)
    await page.mouse.down()
    await page.mouse.up()
    await within(opened, `"${NAMES.wallet}" to be visible after the click`)
    await settle(page, network, SETTLE_MS)
    const profile = trace ? await trace.stop() : undefined
    phase = 'after'
    const state = await page.evaluate(() => {
      const s = window.__porticoBench
      return JSON.parse(JSON.stringify({ ...s, settledAt: performance.now() }))
    })
    const heapAfterOpen = await heapUsed(cdp)
    // The probe matched the option by its accessible name; check that Playwright agrees (after
    // the measurement: Playwright's role queries are costly on a slowed-down CPU).
    const option = page
      .getByRole('dialog', { name: 'Connect wallet' })
      .getByRole('button', { name: NAMES.wallet, exact: true })
    if (!(await option.isVisible())) {
      throw new Error(`the probe saw "${NAMES.wallet}" but Playwright finds no such visible button`)
    }
    if (!state.click) throw new Error('the click on the button never reached the page')

    const scripts = []
    for (const { request, phase: when } of finished) {
      const response = await request.response()
      if (!response || !isScript(request, response)) continue
      const sizes = await request.sizes()
      const body = await response.body().catch(() => undefined)
      scripts.push({
        url: request.url(),
        phase: when,
        wire: sizes.responseBodySize,
        raw: body?.length ?? 0,
        encoding: response.headers()['content-encoding'] ?? 'identity',
      })
    }
    // Requests the open made to anything but the static server (the devnet), blob: URLs aside
    // (wallet images the SDK already holds, shown through object URLs: no network).
    const apiRequests = finished
      .filter(
        ({ request, phase: when }) =>
          when === 'open' && /^https?:/.test(request.url()) && !request.url().startsWith(setup.url),
      )
      .map(({ request }) => {
        const url = new URL(request.url())
        return `${request.method()} ${url.pathname}${url.search}`
      })

    const clickAt = state.click.timeStamp
    const ready = state.ready
    const open = state.open
    const loadTasks = state.longTasks.filter((t) => t.start < ready.painted)
    const openTasks = state.longTasks.filter((t) => t.start >= clickAt - 1)
    const sum = (list, key) => list.reduce((total, s) => total + s[key], 0)
    const loadScripts = scripts.filter((s) => s.phase === 'load')
    const openScripts = scripts.filter((s) => s.phase === 'open')
    return {
      metrics: {
        loadJsWire: sum(loadScripts, 'wire'),
        loadJsRaw: sum(loadScripts, 'raw'),
        loadJsFiles: loadScripts.length,
        fcp,
        ready: ready.painted,
        loadTbt: blocking(loadTasks),
        extensionInstall: state.extension ? state.extension.end - state.extension.start : undefined,
        readyLessExtension: state.extension
          ? ready.painted - (state.extension.end - state.extension.start)
          : undefined,
        inputDelay: state.click.handler - clickAt,
        clickToDialog: open.dialog.painted - clickAt,
        clickToFirstOption: open.firstOption ? open.firstOption.painted - clickAt : undefined,
        clickToWallet: open.wallet.painted - clickAt,
        clickToWalletInDom: open.wallet.inDom - clickAt,
        openTbt: blocking(openTasks),
        openLongest: Math.max(0, ...openTasks.map((t) => t.duration)),
        openLongTasks: openTasks.length,
        openJsWire: sum(openScripts, 'wire'),
        openJsRaw: sum(openScripts, 'raw'),
        openJsFiles: openScripts.length,
        openApiRequests: apiRequests.length,
        openSettle: state.settledAt - clickAt,
        heapAfterLoad,
        heapAfterOpen,
        cpuCheck,
      },
      firstOptionName: open.firstOptionName,
      apiRequests,
      scripts,
      longTasks: state.longTasks.map((t) => ({
        ...t,
        phase: t.start >= clickAt - 1 ? 'open' : t.start < ready.painted ? 'load' : 'idle',
      })),
      profile,
    }
  } finally {
    await context.close().catch(() => undefined)
  }
}

// ── output ─────────────────────────────────────────────────────────────────────────────────────

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

// ── main ───────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('Chromium not found: install it or set PORTICO_CHROMIUM')
  const machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    loadAverageBefore: loadavg().map((n) => Number(n.toFixed(2))),
  }

  log('bench: starting a devnet…')
  const { startDevnet } = await import('@portico/devnet')
  const devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] }, quiet: true })
  started.push({ name: 'the devnet', close: () => devnet.stop() })
  const devnetInfo = devnet.info()
  // Read by the example's porticoDevnet() plugin while building.
  process.env.PORTICO_DEVNET = JSON.stringify(devnetInfo)

  const outDir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
  started.push({ name: outDir, close: () => rmSync(outDir, { recursive: true, force: true }) })
  log('bench: building examples/modal for production…')
  await buildExample(outDir)
  const server = await startStaticServer(outDir)
  started.push({ name: 'the static server', close: () => server.close() })
  const extension = options.wallet === 'extension' ? await extensionScript(devnetInfo) : undefined

  // Signals are this script's to handle: Playwright's own handlers would exit the process as
  // soon as Chromium is closed, before the server, the devnet and the build folder.
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  started.push({ name: 'Chromium', close: () => browser.close() })

  const rounds = []
  for (let i = 0; i < options.runs; i++) {
    log(`bench: round ${i + 1}/${options.runs}…`)
    rounds.push(await round(browser, { url: server.url, extension }))
  }
  let profiled
  if (options.profile) {
    log('bench: one more round, traced and sampled (--profile)…')
    profiled = await round(browser, { url: server.url, extension, profile: true })
    profiled.profile = await profileOpen.summarise(
      profiled.profile,
      outDir,
      server.url,
      profiled.metrics,
    )
  }
  machine.loadAverageAfter = loadavg().map((n) => Number(n.toFixed(2)))

  const metrics = Object.fromEntries(
    ROWS.map(([key, label, unit, scale]) => {
      const s = stats(rounds.map((r) => r.metrics[key]))
      return [key, s ? { label, unit: unit || 'count', scale, ...s } : undefined]
    }).filter(([, value]) => value),
  )
  const report = {
    commit: commit(),
    chromium: browser.version(),
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

  if (options.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    return
  }
  const out = []
  out.push(`Portico drop-in modal (examples/modal), production build, commit ${report.commit}`)
  out.push(
    `Chromium ${report.chromium}, headless, CPU ÷${options.cpu}; Node ${report.node}; ` +
      `${machine.cores} cores (${machine.cpu}); load average ${machine.loadAverageBefore.join(' ')} ` +
      `→ ${machine.loadAverageAfter.join(' ')}`,
  )
  out.push(
    `${options.runs} rounds, each in a fresh browser context; Devnet Wallet: ${
      options.wallet === 'extension' ? 'installed as an extension' : 'not installed (listed only)'
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

try {
  await main()
  await cleanup()
} catch (error) {
  // Stopped by a signal: its handler cleans up and exits; the error is only the fallout.
  if (interrupted) await new Promise(() => {})
  console.error(
    `bench: could not measure: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
  )
  await cleanup()
  process.exit(1)
}
