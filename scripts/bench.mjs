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
//
// This file runs the whole (arguments, what it starts and stops, the rounds, the report); the parts
// are in scripts/bench/: args (the command line), stack (the commit, the example's build, the
// wallet extension), server (the static server), round (one round) with waits (waiting on the
// page) and probe (what runs in the page), profile (--profile) with sourceMaps, and report (numbers
// and tables).
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { parseArgs } from './bench/args.mjs'
import { profileOpen } from './bench/profile.mjs'
import { buildReport, printReport } from './bench/report.mjs'
import { round } from './bench/round.mjs'
import { startStaticServer } from './bench/server.mjs'
import { buildExample, commit, extensionScript } from './bench/stack.mjs'
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs'

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
    rounds.push(await round(browser, { url: server.url, cpu: options.cpu, extension }))
  }
  let profiled
  if (options.profile) {
    log('bench: one more round, traced and sampled (--profile)…')
    profiled = await round(browser, {
      url: server.url,
      cpu: options.cpu,
      extension,
      profile: true,
    })
    profiled.profile = await profileOpen.summarise(
      profiled.profile,
      outDir,
      server.url,
      profiled.metrics,
    )
  }
  machine.loadAverageAfter = loadavg().map((n) => Number(n.toFixed(2)))

  const report = buildReport({
    commit: commit(),
    chromium: browser.version(),
    machine,
    options,
    rounds,
    profiled,
  })
  if (options.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    return
  }
  printReport(report, rounds, profiled)
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
