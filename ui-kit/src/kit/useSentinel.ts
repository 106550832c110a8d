import { useCallback, useEffect, useRef } from 'react'

/**
 * Infinite lists: a ref for an element at the end of the list; `onVisible` runs each time it
 * scrolls into view while `enabled`. `observable` is false where IntersectionObserver is missing
 * (the list then shows a "load more" button instead).
 */
export function useSentinel(
  onVisible: () => void,
  enabled: boolean,
): { ref: (element: HTMLElement | null) => void; observable: boolean } {
  const observable = typeof IntersectionObserver !== 'undefined'
  const latest = useRef(onVisible)
  latest.current = onVisible
  const observer = useRef<IntersectionObserver | undefined>(undefined)
  const element = useRef<HTMLElement | null>(null)

  const observe = useCallback(() => {
    observer.current?.disconnect()
    observer.current = undefined
    if (!enabled || !observable || !element.current) return
    observer.current = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current()
    })
    observer.current.observe(element.current)
  }, [enabled, observable])

  useEffect(() => {
    observe()
    return () => observer.current?.disconnect()
  }, [observe])

  const ref = useCallback(
    (node: HTMLElement | null) => {
      element.current = node
      observe()
    },
    [observe],
  )
  return { ref, observable }
}
