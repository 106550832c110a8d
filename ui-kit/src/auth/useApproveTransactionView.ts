import type { ApproveTransactionData, Message } from '@portico/core'
import { useModal, useSecureFrame } from '@portico/react'
import { type RefCallback, useCallback, useMemo, useRef } from 'react'

/** The ApproveTransaction view's state. */
export type ApproveTransactionViewState = {
  /** The unsafe method the secure frame asks about. */
  method: string | undefined
  /** A refused request ('Requested RPC call is not allowed', 'Action not allowed'…). */
  error: Message | undefined
  /** The frame shows its approval (Approve, Reject) over the area. */
  isShowingApproval: boolean
  /**
   * Gives the area the secure frame is drawn over (the frame stays in its own origin: it is only
   * positioned over this element), with the frame's accessible name.
   */
  frameArea(title: string): RefCallback<HTMLElement>
  close(): void
}

/**
 * The ApproveTransaction view-model: places the secure frame's own approval UI over the view's
 * body while the frame asks; the view closes or pops when the request ends (core does that).
 */
export function useApproveTransactionView(
  data: ApproveTransactionData | undefined,
): ApproveTransactionViewState {
  const { frame, showFrame } = useSecureFrame()
  const { close: closeModal } = useModal()
  const cleanup = useRef<(() => void) | undefined>(undefined)
  const frameArea = useCallback(
    (title: string): RefCallback<HTMLElement> =>
      (element) => {
        cleanup.current?.()
        cleanup.current = undefined
        if (!element) return
        const place = () => {
          const { top, left, width, height } = element.getBoundingClientRect()
          showFrame({ rect: { top, left, width, height }, title })
        }
        place()
        const observer =
          typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
        observer?.observe(element)
        window.addEventListener('resize', place)
        window.addEventListener('scroll', place, true)
        cleanup.current = () => {
          observer?.disconnect()
          window.removeEventListener('resize', place)
          window.removeEventListener('scroll', place, true)
          showFrame(undefined)
        }
      },
    [showFrame],
  )
  const close = useCallback(() => void closeModal(), [closeModal])
  return useMemo(
    () => ({
      method: data?.method ?? frame.approval?.method,
      error: data?.error,
      isShowingApproval: frame.approval !== undefined,
      frameArea,
      close,
    }),
    [data, frame.approval, frameArea, close],
  )
}
