import type { CssVariables, ThemeMode, ViewName } from '@portico/core'
import type { ComponentType, ReactNode } from 'react'
import type { ViewProps } from '../kit/types.js'

/** Components that replace built-in views, by view name: `views={{ Connect: MyConnect }}`. */
export type ViewComponents = Partial<Record<ViewName, ComponentType<ViewProps>>>

/** What a replacement header receives. */
export type ModalHeaderRenderProps = {
  /** The view's title, in the user's language. */
  title: string
  /** Put this id on the title element: it names the dialog. */
  titleId: string
  canGoBack: boolean
  back(): void
  close(): void
}

/** Props of `<Modal>`. */
export type ModalProps = {
  /** Replaces any view: `views={{ Connect: MyConnect }}`. */
  views?: ViewComponents
  /** Replaces the header (title, back and close buttons). */
  renderHeader?: (props: ModalHeaderRenderProps) => ReactNode
  className?: string
  /**
   * Controls whether the modal is open. Leave it out to let the modal manage itself (the buttons,
   * `client.modal.open()` and the navigation rules open and close it).
   */
  open?: boolean
  /**
   * Called whenever the modal opens or closes for another reason than the `open` prop: the user
   * (Escape, Close, the overlay), a trigger, or a rule (closing after a wallet connected). Also
   * called with `true` when `open={false}` could not close it (sign-in is required).
   */
  onOpenChange?: (open: boolean) => void
}

/** What the modal hands its dialog. */
export type ModalDialogProps = {
  views: ViewComponents | undefined
  renderHeader: ((props: ModalHeaderRenderProps) => ReactNode) | undefined
  className: string | undefined
  /** The title's id, which names the dialog. */
  titleId: string
  /** The theme, read by the modal (subscribed with the page, not at the first open). */
  themeMode: ThemeMode
  cssVariables: CssVariables
}
