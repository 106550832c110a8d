// `pnpm bench --profile`: where the main thread's time goes between the click on "Connect wallet"
// and the settled page. Two recordings of the same round, both from CDP:
// - a Chromium trace (Tracing, devtools.timeline categories): every task on the renderer's main
//   thread broken down into its kinds of work (script, style, layout, paint, GC…) by self time;
// - a sampling JS profile (Profiler, one sample every 100 µs): self time by function, mapped
//   through the production build's source maps to the source file and line it came from.
// Recording slows the page down, so this round's timings are shown apart and never counted.
import { loadSourceMaps, lookup, sourceLabel } from './sourceMaps.mjs'

/** The name the runner gives the probe's init script, so its own cost shows apart. */
export const PROBE_URL = 'portico-bench-probe.js'

const TRACE_CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
]

/** Kind of work for a trace event name, as DevTools groups them. */
function kindOf(name) {
  if (/GC|Collect|Sweep|Scavenge|Mark/i.test(name)) return 'garbage collection'
  if (/compile|Parse(Script|Function|Lazy)|V8\.Compile|CompileCode|CacheScript/i.test(name)) {
    return 'script compile'
  }
  if (
    /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.run|V8\.Execute|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|FireIdleCallback|XHRReadyStateChange|XHRLoad|v8\.callFunction|V8\.RunMicrotasks|ResourceReceivedData|ResourceFinish)/.test(
      name,
    )
  ) {
    return 'script'
  }
  if (/UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|StyleInvalidat/.test(name)) {
    return 'style'
  }
  if (/^Layout|UpdateLayout|IntersectionObserver|ScrollLayer/.test(name)) return 'layout'
  if (/Paint|Layerize|Composite|Commit|Raster|UpdateLayer|Decode/.test(name)) return 'paint'
  if (/ParseHTML/.test(name)) return 'parse HTML'
  return 'other'
}

// ── recording ──────────────────────────────────────────────────────────────────────────────────

export const profileOpen = {
  /** Starts both recordings on the page's CDP session; `stop()` returns them raw. */
  async start(cdp) {
    const events = []
    const onData = ({ value }) => events.push(...value)
    cdp.on('Tracing.dataCollected', onData)
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    return {
      async stop() {
        const { profile } = await cdp.send('Profiler.stop')
        const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done))
        await cdp.send('Tracing.end')
        await complete
        cdp.off('Tracing.dataCollected', onData)
        return { events, profile }
      },
    }
  },

  /**
   * Turns the recordings into tables. The window "to painted" runs from the click to the frame
   * that shows the wallet option (the round's own in-page measurement), "to settled" to the end of
   * the recording; each long task (≥ 50 ms) after the click also gets its own breakdown.
   */
  async summarise(raw, outDir, baseUrl, metrics) {
    const { events, profile } = raw
    const threadNames = new Map()
    for (const e of events) {
      if (e.ph === 'M' && e.name === 'thread_name')
        threadNames.set(`${e.pid}:${e.tid}`, e.args.name)
    }
    const click = events.find(
      (e) =>
        e.name === 'EventDispatch' &&
        e.args?.data?.type === 'click' &&
        threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
    )
    if (!click) return { error: 'the trace has no click on the renderer main thread' }
    const main = `${click.pid}:${click.tid}`
    // The click's own time stamp precedes its dispatch by the input delay.
    const start = click.ts - (metrics.inputDelay ?? 0) * 1000
    const painted = start + metrics.clickToWallet * 1000
    const mainEvents = events
      .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.ts + (e.dur ?? 0) >= start)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    const endOfTrace = Math.max(...mainEvents.map((e) => e.ts + (e.dur ?? 0)))

    // Top-level events are the thread's tasks; nested ones are the work inside them.
    const tasks = []
    {
      let openUntil = 0
      for (const e of mainEvents) {
        if (e.ts >= openUntil) {
          tasks.push({ ts: e.ts, end: e.ts + (e.dur ?? 0) })
          openUntil = e.ts + (e.dur ?? 0)
        }
      }
    }

    /** Self time in µs by event name inside [from, to], clipped to it. */
    const selfTimes = (from, to) => {
      const byName = new Map()
      const stack = []
      const add = (name, us) => byName.set(name, (byName.get(name) ?? 0) + us)
      const clip = (a, b) => Math.max(0, Math.min(b, to) - Math.max(a, from))
      for (const e of mainEvents) {
        if (e.ts > to) break
        const end = e.ts + (e.dur ?? 0)
        while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop()
        const parent = stack[stack.length - 1]
        if (parent) add(parent.name, -clip(e.ts, end))
        add(e.name, clip(e.ts, end))
        stack.push({ name: e.name, end })
      }
      return byName
    }
    const ms = (m, n) =>
      [...m]
        .map(([name, us]) => ({ name, ms: us / 1000 }))
        .filter((r) => r.ms >= 0.5 && r.name !== '(idle)')
        .sort((a, b) => b.ms - a.ms)
        .slice(0, n)
    const breakdown = (from, to) => {
      const byName = selfTimes(from, to)
      const byKind = new Map()
      for (const [name, us] of byName) {
        const kind = /RunTask$/.test(name) ? 'task overhead, other' : kindOf(name)
        byKind.set(kind, (byKind.get(kind) ?? 0) + us)
      }
      return { byKind: ms(byKind, 10), byName: ms(byName, 8) }
    }

    // The JS profile: self time per sampled function, mapped to its source.
    const maps = loadSourceMaps(outDir, baseUrl)
    const parents = new Map()
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parents.set(child, node)
    /** Where a sampled function comes from: a source file, the extension, the probe, a built-in. */
    const place = (node) => {
      const { callFrame } = node
      const name = callFrame.functionName || '(anonymous)'
      if (callFrame.url.endsWith('devnet-wallet-extension.js')) {
        return {
          label: `wallet extension: ${name}`,
          group: 'Devnet Wallet extension (not the SDK)',
        }
      }
      if (callFrame.url.endsWith(PROBE_URL)) {
        return { label: `bench probe: ${name}`, group: 'bench probe (the measurement itself)' }
      }
      if (!callFrame.url) {
        // V8's own entries, e.g. (program), (garbage collector), (idle).
        if (/^\(.*\)$/.test(name) && name !== '(anonymous)') return { label: name, group: name }
        return undefined
      }
      const at = lookup(maps, callFrame.url, callFrame.lineNumber, callFrame.columnNumber)
      if (!at) {
        const path = new URL(callFrame.url).pathname
        return {
          label: `${path}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`,
          group: path,
        }
      }
      const where = sourceLabel(at.path)
      return {
        label: `${where.file}:${at.line} ${(at.text ?? '').slice(0, 70)}`,
        group: where.group,
      }
    }
    const frames = new Map()
    for (const node of profile.nodes) {
      const own = place(node)
      if (own) {
        frames.set(node.id, own)
        continue
      }
      // A browser built-in (focus, fetch, setAttribute…): its time includes the style, layout or
      // network work it did synchronously; name it with the nearest caller that has a source.
      let caller = parents.get(node.id)
      let callerPlace = caller && place(caller)
      while (caller && !callerPlace) {
        caller = parents.get(caller.id)
        callerPlace = caller && place(caller)
      }
      const name = node.callFrame.functionName || '(anonymous)'
      frames.set(node.id, {
        label: `${name} (built-in) ← ${callerPlace?.label ?? 'no caller with a source'}`,
        group: 'browser built-ins called by scripts',
      })
    }
    /** [time, node id, weight] for each sample, in µs on the trace's clock. */
    const samples = []
    {
      let t = profile.startTime
      for (let i = 0; i < profile.samples.length; i++) {
        t += profile.timeDeltas[i] ?? 0
        samples.push([t, profile.samples[i], Math.max(0, profile.timeDeltas[i + 1] ?? 0)])
      }
    }
    const js = (from, to, n = 15) => {
      const byFunction = new Map()
      const bySource = new Map()
      for (const [t, id, us] of samples) {
        if (t < from || t > to) continue
        const { label, group } = frames.get(id)
        byFunction.set(label, (byFunction.get(label) ?? 0) + us)
        bySource.set(group, (bySource.get(group) ?? 0) + us)
      }
      return { bySource: ms(bySource, n), byFunction: ms(byFunction, n) }
    }

    const after = (us) => (us - start) / 1000
    return {
      window: { toPaintedMs: after(painted), toSettledMs: after(endOfTrace) },
      tasks: tasks
        .filter((t) => t.end > start && t.end - t.ts >= 5000)
        .map((t) => ({ at: after(t.ts), ms: (t.end - t.ts) / 1000 })),
      toPainted: { ...breakdown(start, painted), ...js(start, painted) },
      longTasks: tasks
        .filter((t) => t.end > start && t.end - t.ts >= 50_000)
        .map((t) => ({
          at: after(t.ts),
          ms: (t.end - t.ts) / 1000,
          ...breakdown(t.ts, t.end),
          ...js(t.ts, t.end, 8),
        })),
      toSettled: { ...breakdown(start, endOfTrace), ...js(start, endOfTrace) },
    }
  },

  print(summary, metrics) {
    if (!summary || summary.error) return `profile: ${summary?.error ?? 'nothing recorded'}`
    const out = []
    const list = (title, rows) => {
      out.push(`  ${title}`)
      for (const r of rows) out.push(`    ${r.ms.toFixed(1).padStart(7)} ms  ${r.name}`)
    }
    const part = (title, p) => {
      out.push('', title)
      list('main thread by kind of work (self time):', p.byKind)
      list('main thread by trace event (self time):', p.byName)
      list('JS self time by source (through the source maps):', p.bySource)
      list('JS self time by function (where the function starts):', p.byFunction)
    }
    out.push(
      `Profiled round (traced and sampled, so slower; not in the table above): click → wallet ` +
        `painted ${metrics.clickToWallet.toFixed(0)} ms, open blocking ${metrics.openTbt.toFixed(0)} ms, ` +
        `longest task ${metrics.openLongest.toFixed(0)} ms.`,
    )
    out.push(
      `Main-thread tasks ≥ 5 ms after the click (start ms: duration ms): ${summary.tasks
        .map((t) => `${t.at.toFixed(0)}: ${t.ms.toFixed(0)}`)
        .join(', ')}`,
    )
    part(
      `── click → wallet option painted (${summary.window.toPaintedMs.toFixed(0)} ms)`,
      summary.toPainted,
    )
    for (const task of summary.longTasks) {
      part(
        `── long task at ${task.at.toFixed(0)} ms after the click, ${task.ms.toFixed(0)} ms`,
        task,
      )
    }
    part(`── click → settled (${summary.window.toSettledMs.toFixed(0)} ms)`, summary.toSettled)
    return out.join('\n')
  },
}
