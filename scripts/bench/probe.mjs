// What the benchmark runs inside the page, before any of the page's own scripts
// (`context.addInitScript`). Playwright sends the function's source, so it must not use anything
// from this module's scope. Every time is `performance.now()`: milliseconds since navigation
// start of the page.
//
// "Visible in a frame" is decided in requestAnimationFrame callbacks: the first rAF after which the
// element is in the DOM, has a non-empty box and is not display:none / visibility:hidden. That
// frame's main-thread work (style, layout, paint) runs right after the callback; a message posted
// from the callback is delivered after it, so `painted` is when the main thread has produced the
// frame that shows the element (compositing and the screen add a few ms that the page cannot see).
// A MutationObserver also records when the element entered the DOM (`inDom`), which tells React's
// commit apart from the frame that shows it.

/** @typedef {{ inDom: number, frame: number, painted?: number }} Mark */

/** @param {{ openButton: string, wallet: string }} names */
export function benchProbe(names) {
  // Extensions and this probe watch the top page only, not frames the page may embed.
  if (window.top !== window) return
  const state = {
    /** Long tasks (≥ 50 ms) on the page's main thread, from navigation start on. */
    longTasks: /** @type {{ start: number, duration: number }[]} */ ([]),
    /** The "Connect wallet" button: in the DOM, visible and enabled. */
    ready: /** @type {undefined | { inDom: number, frame: number, painted: number }} */ (undefined),
    /** The click on that button: the event's own time stamp and when the page's handler ran. */
    click: /** @type {undefined | { timeStamp: number, handler: number }} */ (undefined),
    /** After the click: the dialog, the first wallet option, the named wallet's button. */
    open: {
      dialog: /** @type {Mark | undefined} */ (undefined),
      firstOption: /** @type {Mark | undefined} */ (undefined),
      wallet: /** @type {Mark | undefined} */ (undefined),
      firstOptionName: /** @type {string | undefined} */ (undefined),
    },
    /** The Devnet Wallet "extension" install (its init script), when there is one. */
    extension: /** @type {undefined | { start: number, end: number }} */ (undefined),
    /** Settle when `ready` and `open.wallet` are complete: the runner awaits them, no polling. */
    readyDone: /** @type {Promise<void>} */ (Promise.resolve()),
    openDone: /** @type {Promise<void>} */ (Promise.resolve()),
  }
  /** @type {() => void} */
  let readyResolve = () => {}
  /** @type {() => void} */
  let openResolve = () => {}
  state.readyDone = new Promise((resolve) => {
    readyResolve = resolve
  })
  state.openDone = new Promise((resolve) => {
    openResolve = resolve
  })
  Object.defineProperty(window, '__porticoBench', { value: state })

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push({ start: entry.startTime, duration: entry.duration })
      }
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No long-task support: the runner reports that it could not measure blocking time.
  }

  const normalise = (/** @type {string | null | undefined} */ text) =>
    (text ?? '').replace(/\s+/g, ' ').trim()
  /** The accessible name of a button, for the cases the modal uses (aria-label or its text). */
  const nameOf = (/** @type {Element} */ el) => {
    const label = el.getAttribute('aria-label')
    if (label) return normalise(label)
    const labelledBy = el.getAttribute('aria-labelledby')
    if (labelledBy) {
      return normalise(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      )
    }
    return normalise(el.textContent)
  }
  const visible = (/** @type {Element | null | undefined} */ el) => {
    if (!el?.isConnected) return false
    if (!el.checkVisibility({ visibilityProperty: true })) return false
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const buttonNamed = (/** @type {ParentNode} */ root, /** @type {string} */ name) => {
    for (const button of root.querySelectorAll('button, [role="button"]')) {
      if (nameOf(button) === name) return button
    }
    return undefined
  }
  const openButton = () =>
    document.body ? buttonNamed(document.body, names.openButton) : undefined
  const dialog = () => document.querySelector('[role="dialog"]')
  // The Connect view lists ways to connect as buttons in list items.
  const firstOption = () => dialog()?.querySelector('li button, li [role="button"]') ?? undefined
  const wallet = () => {
    const d = dialog()
    return d ? buttonNamed(d, names.wallet) : undefined
  }

  /** Calls back with the time after the current frame's main-thread work. */
  const afterFrame = (/** @type {(time: number) => void} */ done) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => done(performance.now())
    channel.port2.postMessage(undefined)
  }

  // When elements enter the DOM (their render commit), before any frame shows them.
  const inDom = { ready: 0, dialog: 0, firstOption: 0, wallet: 0 }
  const observer = new MutationObserver(() => {
    const now = performance.now()
    if (!inDom.ready && openButton()) inDom.ready = now
    if (state.click) {
      if (!inDom.dialog && dialog()) inDom.dialog = now
      if (!inDom.firstOption && firstOption()) inDom.firstOption = now
      if (!inDom.wallet && wallet()) inDom.wallet = now
    }
    if (state.open.wallet) observer.disconnect()
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })

  const waitForReady = () => {
    const button = openButton()
    if (button && visible(button) && !button.hasAttribute('disabled')) {
      const frame = performance.now()
      afterFrame((painted) => {
        state.ready = { inDom: inDom.ready || frame, frame, painted }
        readyResolve()
      })
      return
    }
    requestAnimationFrame(waitForReady)
  }
  requestAnimationFrame(waitForReady)

  const watchOpen = () => {
    const frame = performance.now()
    const seen = /** @type {const} */ ([
      ['dialog', dialog()],
      ['firstOption', firstOption()],
      ['wallet', wallet()],
    ])
    for (const [key, el] of seen) {
      if (!state.open[key] && visible(el)) {
        if (key === 'firstOption' && el) state.open.firstOptionName = nameOf(el)
        /** @type {Mark} */
        const mark = { inDom: inDom[key] || frame, frame }
        state.open[key] = mark
        afterFrame((painted) => {
          mark.painted = painted
          if (key === 'wallet') openResolve()
        })
      }
    }
    if (!state.open.wallet) requestAnimationFrame(watchOpen)
  }

  // Capture phase on window: runs before React's handler, whatever the page does with the event.
  window.addEventListener(
    'click',
    (event) => {
      if (state.click || !(event.target instanceof Element)) return
      const button = event.target.closest('button')
      if (!button || nameOf(button) !== names.openButton) return
      state.click = { timeStamp: event.timeStamp, handler: performance.now() }
      requestAnimationFrame(watchOpen)
    },
    true,
  )
}
