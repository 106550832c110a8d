import type { ViewName } from '@portico/core'
import { useAccount, useModal } from '@portico/react'
import { type ButtonHTMLAttributes, useCallback } from 'react'
import { TriggerButton } from '../buttons/TriggerButton.js'
import { usePrefetchView } from '../buttons/usePrefetch.js'
import { usePageMessages } from '../messages/useMessages.js'

/** Props of `<ModalTrigger>`: a button's props, the view to open, and `asChild`. */
export type ModalTriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The view to open on; Connect, or Account once connected, by default. */
  view?: ViewName
  /** Render the app's own element instead of a `<button>`. */
  asChild?: boolean
}

/**
 * A button that opens the modal ("Connect wallet" unless it has children). `data-state` tells
 * whether the modal is open. Hovering or focusing it fetches the view it opens.
 */
export function ModalTrigger({ view, asChild, children, ...props }: ModalTriggerProps) {
  const { open: openModal, isOpen } = useModal()
  const { status } = useAccount()
  const { t } = usePageMessages()
  const prefetch = usePrefetchView(view ?? (status === 'connected' ? 'Account' : 'Connect'))
  const open = useCallback(() => openModal(view ? { view } : undefined), [openModal, view])
  return (
    <TriggerButton
      {...props}
      asChild={asChild}
      isOpen={isOpen}
      open={open}
      prefetch={prefetch}
      face={children ?? t('modal.open')}
    >
      {children}
    </TriggerButton>
  )
}
