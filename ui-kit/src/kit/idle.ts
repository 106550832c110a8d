type IdleWindow = {
  requestIdleCallback?(callback: () => void, options?: { timeout: number }): number
  cancelIdleCallback?(handle: number): void
}

/**
 * Runs `task` when the browser is idle (or after a short timeout where `requestIdleCallback` is
 * missing, as in Safari), so prefetching never competes with the page's own start. Returns a
 * function that cancels it. Does nothing on the server.
 */
export function onIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof window === 'undefined') return () => {}
  const idle = window as unknown as IdleWindow
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(task, { timeout: timeoutMs })
    return () => idle.cancelIdleCallback?.(handle)
  }
  const timer = setTimeout(task, 200)
  return () => clearTimeout(timer)
}
