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
    const first = focusables(container)[0]
    ;(first ?? container).focus()

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
      document.removeEventListener('keydown', onKeyDown, true)
      if (previous?.isConnected) previous.focus()
    }
  }, [ref, active])

  useEffect(() => {
    const container = ref.current
    if (!active || !container || contentKey === undefined) return
    if (!container.contains(document.activeElement)) {
      ;(focusables(container)[0] ?? container).focus()
    }
  }, [ref, active, contentKey])
}
