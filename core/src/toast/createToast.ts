import { atom, type ReadableAtom } from 'nanostores'
import type { Message } from '../messages/index.js'
import { TOAST_AUTO_CLOSE_MS, TOAST_SWAP_DELAY_MS } from './constants.js'

/** How a toast looks: success, loading or error. */
export type ToastVariant = 'success' | 'loading' | 'error'

/** A message key with its parameters, or text the app brings (shown as it is). */
export type ToastContent = Message | { text: string }

/** The toast on screen (closed when `open` is false). */
export type ToastState = {
  /** What the toast says: a messages-table key (the UI renders it), or the app's own text. */
  message: ToastContent
  variant: ToastVariant
  /** An icon for the toast, named (the UI kit maps names to icons); never markup. */
  svg?: string
  open: boolean
  autoClose: boolean
}

export type ShowToastParameters = {
  variant?: ToastVariant
  svg?: string
  /** Close by itself after a while. On for success and error, off for loading. */
  autoClose?: boolean
}

/** The toast (`client.toast`). */
export type ToastFeature = {
  $toast: ReadableAtom<ToastState>
  show(message: ToastContent, parameters?: ShowToastParameters): void
  showSuccess(message: ToastContent): void
  showError(message: ToastContent): void
  showLoading(message: ToastContent): void
  /** Closes the toast and resets it to the default. */
  hide(): void
}

export const DEFAULT_TOAST: ToastState = {
  message: { text: '' },
  variant: 'success',
  svg: undefined,
  open: false,
  autoClose: true,
}

export function createToast(): ToastFeature {
  const $toast = atom<ToastState>(DEFAULT_TOAST)
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let closeTimer: ReturnType<typeof setTimeout> | undefined

  function clearTimers() {
    clearTimeout(swapTimer)
    clearTimeout(closeTimer)
    swapTimer = undefined
    closeTimer = undefined
  }

  function hide() {
    clearTimers()
    $toast.set(DEFAULT_TOAST)
  }

  function display(next: ToastState) {
    $toast.set(next)
    if (next.autoClose) closeTimer = setTimeout(hide, TOAST_AUTO_CLOSE_MS)
  }

  function show(message: ToastContent, parameters: ShowToastParameters = {}) {
    const variant = parameters.variant ?? 'success'
    const next: ToastState = {
      message,
      variant,
      svg: parameters.svg,
      open: true,
      autoClose: parameters.autoClose ?? variant !== 'loading',
    }
    clearTimers()
    const current = $toast.get()
    if (current.open) {
      // Close the open toast first so the user sees a new message arrive, not a silent text swap.
      $toast.set({ ...current, open: false })
      swapTimer = setTimeout(() => display(next), TOAST_SWAP_DELAY_MS)
    } else {
      display(next)
    }
  }

  return {
    $toast,
    show,
    showSuccess: (message) => show(message, { variant: 'success' }),
    showError: (message) => show(message, { variant: 'error' }),
    showLoading: (message) => show(message, { variant: 'loading' }),
    hide,
  }
}
