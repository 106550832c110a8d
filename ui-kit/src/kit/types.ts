import type { ViewData, ViewName } from '@portico/core'
import type { ComponentType, ReactNode } from 'react'

/** What every view component receives from the modal. */
export type ViewProps = {
  /** The view's name (the top of the modal's stack). */
  view: ViewName
  /** The data the view was opened with. */
  data: ViewData | undefined
}

/**
 * The props of a built-in view: `view` and `data` from the modal, and an optional render prop that
 * receives the view's state (the same state as its `useXView()` hook) and replaces the markup.
 */
export type DefaultViewProps<State> = ViewProps & {
  children?: (state: State) => ReactNode
}

/** A view component whose code loads on demand. */
export type LazyView<P extends ViewProps = ViewProps> = ComponentType<P> & {
  /** Starts loading the code (once; later calls return the same promise). */
  preload(): Promise<void>
  /** Whether the code is loaded: the view then renders synchronously. */
  isLoaded(): boolean
}
