import { useModal, usePortico, useTheme } from '@portico/react'
import { type CSSProperties, type KeyboardEvent, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useMessages } from '../messages/useMessages.js'
import { useFocusTrap } from '../primitives/useFocusTrap.js'
import { ToastRegion } from '../toast/ToastRegion.js'
import { defaultViews } from '../views/defaultViews.js'
import { UnknownView } from '../views/UnknownView.js'
import { ModalContext } from './ModalContext.js'
import { ModalHeader } from './ModalHeader.js'
import type { ModalProps } from './types.js'
import { useIsClient } from './useIsClient.js'

/**
 * The modal: renders the view on top of the client's view stack in an accessible dialog, appended
 * to `document.body` unless the app disabled appending or uses embedded mode.
 */
export function Modal({ views, renderHeader, className }: ModalProps) {
  const client = usePortico()
  const { isOpen, view, data, history, back, close } = useModal()
  const { cssVariables, themeMode } = useTheme()
  const messages = useMessages()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const isClient = useIsClient()
  const { disableAppend, enableEmbedded } = client.options
  const visible = isOpen || enableEmbedded
  const entry = history[history.length - 1]

  useFocusTrap(dialogRef, isOpen && !enableEmbedded && isClient, entry)

  const View = views?.[view] ?? defaultViews[view] ?? UnknownView
  const titleKey = `view.${view}.title` as keyof typeof messages
  const title = typeof messages[titleKey] === 'string' ? (messages[titleKey] as string) : view

  const headerProps = { title, titleId, canGoBack: history.length > 1, back, close }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !enableEmbedded) {
      event.stopPropagation()
      back()
    }
  }

  const dialog = visible ? (
    <ModalContext.Provider value={{ titleId }}>
      <div
        data-portico-root=""
        data-theme={themeMode}
        data-embedded={enableEmbedded ? '' : undefined}
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
    </ModalContext.Provider>
  ) : null

  const content = (
    <>
      {dialog}
      <ToastRegion />
    </>
  )

  if (disableAppend || enableEmbedded || !isClient) return content
  return createPortal(content, document.body)
}
