// Waiting on the page under measurement without loading its main thread: a garbage-collected heap
// reading, an idle period, a settled page, and a deadline on every step of a round.

/** Longest any single step may take before the round counts as not measurable. */
export const STEP_TIMEOUT_MS = 60_000
const NETWORK_QUIET_MS = 500
const SETTLE_CAP_MS = 15_000

export async function heapUsed(cdp) {
  // Twice: objects kept alive only by weak references or finalizers can need a second pass.
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

/** Resolves when the page's main thread has had an idle period (nothing queued). */
export function pageIdle(page) {
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
export async function settle(page, network, minMs) {
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
export async function within(promise, what) {
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
