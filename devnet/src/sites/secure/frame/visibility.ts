// Whether the approval is on screen whole and unobscured, as the browser sees it.
// IntersectionObserver v2 (`trackVisibility`, Chromium) reports `isVisible` false when the frame
// or anything around it is transparent, transformed, filtered or covered by another element, in
// the embedding page too. Where it is missing, the frame can still see being clipped (the ratio)
// and the page being hidden, and the delay in arming.ts still holds.

/** At least this share of the approval must be inside the viewport (clipping leaves less). */
const MIN_RATIO = 0.99
/** Chromium's lower bound for `delay` with `trackVisibility`. */
const VISIBILITY_DELAY_MS = 100

type EntryV2 = IntersectionObserverEntry & { isVisible?: boolean }

const hasVisibilityV2 = () =>
  typeof IntersectionObserverEntry !== 'undefined' &&
  'isVisible' in IntersectionObserverEntry.prototype

/** Calls `seen` with every change; returns the stop function. */
export function watchVisibility(target: Element, seen: (visible: boolean) => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    // No way to tell: never armed rather than armed blind.
    seen(false)
    return () => undefined
  }
  const v2 = hasVisibilityV2()
  let inView = false
  let unobscured = !v2
  const report = () => seen(inView && unobscured && document.visibilityState === 'visible')
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1] as EntryV2 | undefined
      if (!entry) return
      inView = entry.isIntersecting && entry.intersectionRatio >= MIN_RATIO
      if (v2) unobscured = entry.isVisible === true
      report()
    },
    {
      threshold: [0, 0.5, MIN_RATIO, 1],
      ...(v2 ? { trackVisibility: true, delay: VISIBILITY_DELAY_MS } : {}),
    } as IntersectionObserverInit,
  )
  observer.observe(target)
  document.addEventListener('visibilitychange', report)
  return () => {
    observer.disconnect()
    document.removeEventListener('visibilitychange', report)
  }
}
