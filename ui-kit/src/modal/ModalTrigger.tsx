import type { ViewName } from '@portico/core'
import { useModal } from '@portico/react'
import type { ButtonHTMLAttributes, MouseEvent } from 'react'
import { useMessages } from '../messages/useMessages.js'
import { Slot } from '../primitives/Slot.js'

export type ModalTriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The view to open on; Connect, or Account once connected, by default. */
  view?: ViewName
  /** Render the app's own element instead of a `<button>`. */
  asChild?: boolean
}

/** A button that opens the modal. `data-state` tells whether the modal is open. */
export function ModalTrigger({ view, asChild, children, onClick, ...props }: ModalTriggerProps) {
  const { open, isOpen } = useModal()
  const messages = useMessages()
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      type={asChild ? undefined : 'button'}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      data-state={isOpen ? 'open' : 'closed'}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) open(view ? { view } : undefined)
      }}
    >
      {children ?? messages['modal.open']}
    </Component>
  )
}
