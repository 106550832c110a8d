/**
 * Runs `task` after the browser has painted the next frame (a timeout queued from an animation
 * frame), or on the next turn of the event loop where there are no frames (Node, SSR, tests).
 * For work a user action starts but does not wait for, like a request the view will show later:
 * the click's own task stays short, so the first frame comes sooner. Returns a cancel function.
 */
export function afterPaint(task: () => void): () => void {
  let cancelled = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    timer = setTimeout(() => {
      if (!cancelled) task()
    }, 0)
  }
  const frame = globalThis.requestAnimationFrame
  let frameId: number | undefined
  if (typeof frame === 'function' && typeof document !== 'undefined') frameId = frame(run)
  else run()
  return () => {
    cancelled = true
    clearTimeout(timer)
    if (frameId !== undefined) globalThis.cancelAnimationFrame?.(frameId)
  }
}
