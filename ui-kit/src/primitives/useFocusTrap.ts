import { type RefObject, useEffect } from 'react'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  )
}

/**
 * Runs `task` once the browser has painted the frame it is in: the next frame's animation callback
 * is after this frame's paint, and a timer from there runs after that one's. Returns a cancel.
 */
function afterPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(task, 0)
    return () => clearTimeout(timer)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** Focuses the first control of `container` (or the container) unless focus is already inside. */
function focusInside(container: HTMLElement) {
  if (!container.isConnected || container.contains(document.activeElement)) return
  ;(focusables(container)[0] ?? container).focus()
}

/**
 * While active: moves focus into the container, keeps Tab and Shift+Tab inside it, and on release
 * returns focus to the element that had it before (the button that opened the modal).
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  /** Changes when the content changes (a new view); focus moves back inside if it was lost. */
  contentKey?: unknown,
) {
  useEffect(() => {
    const container = ref.current
    if (!active || !container) return
    const previous = document.activeElement as HTMLElement | null
    // Focus moves after the first paint: focusing an element the browser has not laid out yet
    // forces that layout inside the click's task (about 30 ms of a 140 ms task at CPU ÷4, measured
    // with `pnpm bench --profile`); done in the frame instead, the click's task, the longest of
    // the open, is that much shorter. Tab pressed before then is still kept inside below.
    const cancelFocus = afterPaint(() => focusInside(container))

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab' || !container) return
      const items = focusables(container)
      if (items.length === 0) {
        event.preventDefault()
        container.focus()
        return
      }
      const firstItem = items[0]!
      const lastItem = items[items.length - 1]!
      const current = document.activeElement
      if (event.shiftKey && (current === firstItem || !container.contains(current))) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && (current === lastItem || !container.contains(current))) {
        event.preventDefault()
        firstItem.focus()
      }
    }

    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      cancelFocus()
      document.removeEventListener('keydown', onKeyDown, true)
      if (previous?.isConnected) previous.focus()
    }
  }, [ref, active])

  useEffect(() => {
    const container = ref.current
    if (!active || !container || contentKey === undefined) return
    return afterPaint(() => focusInside(container))
  }, [ref, active, contentKey])
}
