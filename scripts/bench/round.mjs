// One round of the benchmark: a fresh browser context loads the page, waits until it is idle,
// clicks "Connect wallet", waits until the "Devnet Wallet" option is on screen and settles, then
// reads what the probe recorded, the scripts the page loaded and the devnet requests of the open.
import { benchProbe } from './probe.mjs'
import { PROBE_URL, profileOpen } from './profile.mjs'
import { heapUsed, pageIdle, STEP_TIMEOUT_MS, settle, within } from './waits.mjs'

const NAMES = { openButton: 'Connect wallet', wallet: 'Devnet Wallet' }
/** After the wallet option shows: at least this long, and until the network and page are quiet. */
const SETTLE_MS = 1_000
/** A task longer than this blocks input (the long-task threshold of the web platform). */
const LONG_TASK_MS = 50

const isScript = (request, response) =>
  request.resourceType() === 'script' ||
  /javascript|ecmascript/.test(response?.headers()['content-type'] ?? '')

function blocking(tasks) {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0)
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, cpu: number, extension?: string, profile?: boolean }} setup
 */
export async function round(browser, setup) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript({
      content: `(${benchProbe})(${JSON.stringify(NAMES)})\n//# sourceURL=${PROBE_URL}\n`,
    })
    if (setup.extension) await context.addInitScript({ content: setup.extension })
    const page = await context.newPage()
    page.setDefaultTimeout(STEP_TIMEOUT_MS)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: setup.cpu })

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
