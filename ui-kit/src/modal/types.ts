import type { ViewData, ViewName } from '@portico/core'
import type { ComponentType, ReactNode } from 'react'

/** What every view component receives. Views read everything else through the hooks. */
export type ViewProps = {
  view: ViewName
  data: ViewData | undefined
}

export type ViewComponents = Partial<Record<ViewName, ComponentType<ViewProps>>>

export type ModalHeaderRenderProps = {
  title: string
  titleId: string
  canGoBack: boolean
  back(): void
  close(): void
}

export type ModalProps = {
  /** Replaces any view: `views={{ Connect: MyConnect }}`. */
  views?: ViewComponents
  /** Replaces the header (title, back and close buttons). */
  renderHeader?: (props: ModalHeaderRenderProps) => ReactNode
  className?: string
}
