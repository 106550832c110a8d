import type { Message, ViewName } from '@portico/core'
import { useModal, usePorticoOptions } from '@portico/react'
import { type CSSProperties, useEffect } from 'react'
import { lazyComponent } from '../kit/lazyView.js'
import { MessagesContext } from '../kit/messages.js'
import { ViewLoading } from '../kit/ViewLoading.js'
import { usePageMessages } from '../messages/useMessages.js'
import type { ModalDialogProps } from './types.js'

type Loaded = typeof import('./loaded.js')
let loading: Promise<Loaded> | undefined
/** The modal's code: its dialog, the feature list with every feature's English, notifications. */
function loadModal(): Promise<Loaded> {
  loading ??= import('./loaded.js').catch((error: unknown) => {
    loading = undefined // a failed chunk (offline, a deploy in between) can be asked again
    throw error
  })
  return loading
}

/**
 * The dialog of an open modal, whose code (markup, header, focus trap, the views' registry and
 * English) loads with the first view's, not with the page. Until it arrives (an open before the
 * idle prefetch), a busy dialog shows; if it cannot be fetched, a retry.
 */
export const ModalDialog = lazyComponent<ModalDialogProps>(
  () => loadModal().then((m) => ({ default: m.Dialog })),
  (props, failed, retry) => <DialogLoading {...props} failed={failed} retry={retry} />,
)

/** A notification's text; nothing until the modal's code is here (the texts come with it). */
export const ToastText = lazyComponent<{ message: Message }>(
  () => loadModal().then((m) => ({ default: m.Toast })),
  () => null,
)

/**
 * Fetches the modal's code and, unless the app replaced it, the code of the view it would open on
 * (`view`): on idle and when a trigger is hovered or focused.
 */
export function prefetchModal(view: ViewName | undefined): void {
  ModalDialog.preload().then(
    () => {
      if (view) void loadModal().then((m) => m.preloadFirstView(view))
    },
    () => undefined,
  )
}

function DialogLoading({
  className,
  themeMode,
  cssVariables,
  failed,
  retry,
}: ModalDialogProps & { failed: boolean; retry: () => void }) {
  const messages = usePageMessages()
  const { back, close } = useModal()
  const { enableEmbedded } = usePorticoOptions()
  // Escape and a click outside work while the dialog's code is on its way, as they do once it is
  // here: the user who opened the modal by mistake need not wait for it. (An embedded modal is
  // part of the page.)
  useEffect(() => {
    if (enableEmbedded) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) back()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [back, enableEmbedded])
  return (
    <div
      data-portico-root=""
      data-theme={themeMode}
      dir={messages.direction}
      lang={messages.locale}
      className={className}
      style={cssVariables as CSSProperties}
    >
      {enableEmbedded ? null : (
        <div data-portico-overlay="" aria-hidden="true" onClick={() => close()} />
      )}
      <div
        role="dialog"
        aria-modal="true"
        aria-busy={!failed}
        data-portico-dialog=""
        data-state="open"
      >
        <MessagesContext.Provider value={messages}>
          {failed ? <ViewLoading failed retry={retry} /> : <ViewLoading />}
        </MessagesContext.Provider>
      </div>
    </div>
  )
}
