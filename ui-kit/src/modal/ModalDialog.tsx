import type { ViewName } from '@portico/core'
import { useModal, usePorticoOptions } from '@portico/react'
import { type CSSProperties, type KeyboardEvent, useContext, useEffect, useRef } from 'react'
import { featureView, preloadView, useFeatures } from '../kit/context.js'
import type { UiFeature } from '../kit/feature.js'
import { onIdle } from '../kit/idle.js'
import { MessagesContext } from '../kit/messages.js'
import { useFocusTrap } from '../primitives/useFocusTrap.js'
import { ModalHeader } from './ModalHeader.js'
import type { ModalDialogProps } from './types.js'
import { UnknownView } from './UnknownView.js'

/** The views worth fetching once `view` shows: where it leads. */
function nextViews(features: readonly UiFeature[], view: ViewName): ViewName[] {
  return features.flatMap((feature) => [...(feature.prefetch?.[view] ?? [])])
}

/**
 * The open modal: the view on top of the client's view stack in an accessible dialog, in the
 * user's language and writing direction. Its code loads with the first view's (on idle, or when a
 * trigger is hovered or focused), not with the page.
 */
export default function ModalDialog({
  views,
  renderHeader,
  className,
  titleId,
  themeMode,
  cssVariables,
}: ModalDialogProps) {
  const features = useFeatures()
  const { isOpen, view, data, history, back, close } = useModal()
  const messages = useContext(MessagesContext)
  const dialogRef = useRef<HTMLDivElement>(null)
  const { enableEmbedded } = usePorticoOptions()
  const entry = history[history.length - 1]
  useFocusTrap(dialogRef, isOpen && !enableEmbedded, entry)

  // Escape steps back also when focus is not inside the dialog: in the moment between the open
  // and the paint after which focus moves in, or after a click elsewhere. Inside, the dialog's
  // own handler has it.
  useEffect(() => {
    if (!isOpen || enableEmbedded) return
    function onDocumentKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (event.target instanceof Node && dialogRef.current?.contains(event.target)) return
      back()
    }
    document.addEventListener('keydown', onDocumentKeyDown)
    return () => document.removeEventListener('keydown', onDocumentKeyDown)
  }, [isOpen, enableEmbedded, back])

  // Once a view shows, the code of the views it leads to.
  useEffect(() => {
    return onIdle(() => {
      for (const next of nextViews(features, view)) preloadView(features, next)
    })
  }, [features, view])

  const View = views?.[view] ?? featureView(features, view) ?? UnknownView
  const titleKey = `view.${view}.title`
  const title = messages?.has(titleKey) ? messages.t(titleKey) : view
  const headerProps = { title, titleId, canGoBack: history.length > 1, back, close }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !enableEmbedded) {
      event.stopPropagation()
      back()
    }
  }

  return (
    <div
      data-portico-root=""
      data-theme={themeMode}
      data-embedded={enableEmbedded ? '' : undefined}
      dir={messages?.direction}
      lang={messages?.locale}
      className={className}
      style={cssVariables as CSSProperties}
    >
      {enableEmbedded ? null : (
        // Clicking outside the dialog closes it; keyboard users have Escape and the Close button.
        <div data-portico-overlay="" aria-hidden="true" onClick={() => close()} />
      )}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal={enableEmbedded ? undefined : true}
        aria-labelledby={titleId}
        data-state={isOpen ? 'open' : 'closed'}
        data-view={view}
        data-portico-dialog=""
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {renderHeader ? renderHeader(headerProps) : <ModalHeader {...headerProps} />}
        <div data-portico-body="">
          <View view={view} data={data} />
        </div>
      </div>
    </div>
  )
}
