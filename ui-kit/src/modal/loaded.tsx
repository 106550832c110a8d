import type { Message, ViewName } from '@portico/core'
import type { ReactNode } from 'react'
import { UI_FEATURES } from '../features.js'
import { FeaturesContext, preloadView } from '../kit/context.js'
import { MessagesContext, tablesOf, useMessagesFrom } from '../kit/messages.js'
import { ToastMessage } from '../toast/ToastMessage.js'
import ModalDialog from './ModalDialog.js'
import type { ModalDialogProps } from './types.js'

/**
 * The part of the modal that loads with its code, not with the page: the feature list (every
 * view, every feature's English), the dialog and what a notification shows. One file, fetched
 * when the page is idle or a trigger is hovered or focused, so the first open needs nothing more.
 */
function WithFeatures({ children }: { children: ReactNode }) {
  const messages = useMessagesFrom(tablesOf(UI_FEATURES))
  return (
    <FeaturesContext.Provider value={UI_FEATURES}>
      <MessagesContext.Provider value={messages}>{children}</MessagesContext.Provider>
    </FeaturesContext.Provider>
  )
}

export function Dialog(props: ModalDialogProps) {
  return (
    <WithFeatures>
      <ModalDialog {...props} />
    </WithFeatures>
  )
}

export function Toast({ message }: { message: Message }) {
  return (
    <WithFeatures>
      <ToastMessage message={message} />
    </WithFeatures>
  )
}

/** Fetches the code of a view a feature draws (nothing when none does, or it is here). */
export function preloadFirstView(view: ViewName): void {
  preloadView(UI_FEATURES, view)
}
