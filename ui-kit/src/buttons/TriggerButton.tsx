import type {
  ButtonHTMLAttributes,
  FocusEvent,
  MouseEvent,
  PointerEvent,
  ReactElement,
  ReactNode,
} from 'react'
import { Slot } from '../primitives/Slot.js'

type TriggerButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  asChild?: boolean
  isOpen: boolean
  open(): void
  prefetch(): void
  /** What the `<button>` shows (unused with `asChild`, where the app's element has its own). */
  face: ReactNode
}

/**
 * The shared shell of the buttons that open the modal: a `<button>` (or the app's element with
 * `asChild`) that opens on click unless the app prevented it, and fetches the view on intent.
 */
export function TriggerButton({
  asChild,
  isOpen,
  open,
  prefetch,
  face,
  children,
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: TriggerButtonProps): ReactElement {
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      type={asChild ? undefined : 'button'}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      data-state={isOpen ? 'open' : 'closed'}
      {...props}
      onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerEnter?.(event)
        prefetch()
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event)
        prefetch()
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) open()
      }}
    >
      {asChild ? children : face}
    </Component>
  )
}
