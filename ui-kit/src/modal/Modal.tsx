import { useAccount, useModal, usePortico, useTheme } from '@portico/react'
import { type CSSProperties, type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { UI_FEATURES } from '../features.js'
import { FeaturesContext, featureView, nextViews, preloadView } from '../kit/context.js'
import { onIdle } from '../kit/idle.js'
import { MessagesContext, useMessagesOf } from '../kit/messages.js'
import { useFocusTrap } from '../primitives/useFocusTrap.js'
import { ToastRegion } from '../toast/ToastRegion.js'
import { ModalContext } from './ModalContext.js'
import { ModalHeader } from './ModalHeader.js'
import type { ModalProps } from './types.js'
import { UnknownView } from './UnknownView.js'
import { useIsClient } from './useIsClient.js'

/**
 * The modal: renders the view on top of the client's view stack in an accessible dialog, in the
 * user's language and writing direction, appended to `document.body` unless the app disabled
 * appending or uses embedded mode. Views load on demand; the first one (Connect, or Account once
 * connected) is fetched while the browser is idle, so the first open shows it at once.
 */
export function Modal({ views, renderHeader, className, open, onOpenChange }: ModalProps) {
  const client = usePortico()
  const { isOpen, view, data, history, back, close } = useModal()
  const { status } = useAccount()
  const { cssVariables, themeMode } = useTheme()
  const messages = useMessagesOf(UI_FEATURES)
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const isClient = useIsClient()
  const { disableAppend, enableEmbedded } = client.options
  const visible = isOpen || enableEmbedded
  const entry = history[history.length - 1]
  useFocusTrap(dialogRef, isOpen && !enableEmbedded && isClient, entry)

  // Controlled: the prop drives the client's modal, and every other change is reported.
  const openProp = useRef(open)
  openProp.current = open
  const onChange = useRef(onOpenChange)
  onChange.current = onOpenChange
  useEffect(
    () =>
      client.modal.$open.listen((value) => {
        if (value !== openProp.current) onChange.current?.(value)
      }),
    [client],
  )
  useEffect(() => {
    if (open === undefined || open === client.modal.$open.get()) return
    if (open) client.modal.open()
    // A close that is refused (sign-in required) leaves the modal open: say so.
    else if (!client.modal.close()) onChange.current?.(true)
  }, [open, client])

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

  // The first view's code arrives while the browser is idle, before anyone clicks.
  const firstView = status === 'connected' ? 'Account' : 'Connect'
  const replaced = Boolean(views?.[firstView])
  useEffect(() => {
    return onIdle(() => {
      if (!replaced) preloadView(UI_FEATURES, firstView)
      // What the view shows (the wallet listing's code) comes too, replaced view or not.
      client.modal.prefetch(firstView)
    })
  }, [client, firstView, replaced])
  // Then, once a view shows, the code of the views it leads to.
  useEffect(() => {
    if (!visible) return
    return onIdle(() => {
      for (const next of nextViews(UI_FEATURES, view)) preloadView(UI_FEATURES, next)
    })
  }, [visible, view])

  const View = views?.[view] ?? featureView(UI_FEATURES, view) ?? UnknownView
  const titleKey = `view.${view}.title`
  const title = messages.has(titleKey) ? messages.t(titleKey) : view
  const headerProps = { title, titleId, canGoBack: history.length > 1, back, close }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !enableEmbedded) {
      event.stopPropagation()
      back()
    }
  }

  const dialog = visible ? (
    <div
      data-portico-root=""
      data-theme={themeMode}
      data-embedded={enableEmbedded ? '' : undefined}
      dir={messages.direction}
      lang={messages.locale}
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
  ) : null

  const content = (
    <FeaturesContext.Provider value={UI_FEATURES}>
      <MessagesContext.Provider value={messages}>
        <ModalContext.Provider value={{ titleId }}>
          {dialog}
          <ToastRegion />
        </ModalContext.Provider>
      </MessagesContext.Provider>
    </FeaturesContext.Provider>
  )
  if (disableAppend || enableEmbedded || !isClient) return content
  return createPortal(content, document.body)
}
