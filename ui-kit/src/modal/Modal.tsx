import { useAccount, useModal, usePortico, useTheme } from '@portico/react'
import { useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { onIdle } from '../kit/idle.js'
import { ToastRegion } from '../toast/ToastRegion.js'
import { ModalDialog, prefetchModal } from './lazyDialog.js'
import { ModalContext } from './ModalContext.js'
import type { ModalProps } from './types.js'
import { useIsClient } from './useIsClient.js'

/**
 * The modal: renders the view on top of the client's view stack in an accessible dialog, in the
 * user's language and writing direction, appended to `document.body` unless the app disabled
 * appending or uses embedded mode, and a polite live region for notifications. The page loads
 * only this; the dialog, its views and their texts load on demand: the dialog and the first view
 * (Connect, or Account once connected) while the browser is idle, so the first open shows it at
 * once.
 */
export function Modal({ views, renderHeader, className, open, onOpenChange }: ModalProps) {
  const client = usePortico()
  const { isOpen } = useModal()
  const { status } = useAccount()
  const { themeMode, cssVariables } = useTheme()
  const titleId = useId()
  const isClient = useIsClient()
  const { disableAppend, enableEmbedded } = client.options
  const visible = isOpen || enableEmbedded

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
    // A close that is refused (sign-in is required) leaves the modal open: say so.
    else if (!client.modal.close()) onChange.current?.(true)
  }, [open, client])

  // The dialog's and the first view's code arrive while the browser is idle, before anyone clicks.
  const firstView = status === 'connected' ? 'Account' : 'Connect'
  const replaced = Boolean(views?.[firstView])
  useEffect(() => {
    return onIdle(() => {
      prefetchModal(replaced ? undefined : firstView)
      // What the view shows (the wallet listing's code) comes too, replaced view or not.
      client.modal.prefetch(firstView)
    })
  }, [client, firstView, replaced])

  const content = (
    <ModalContext.Provider value={{ titleId }}>
      {visible ? (
        <ModalDialog
          views={views}
          renderHeader={renderHeader}
          className={className}
          titleId={titleId}
          themeMode={themeMode}
          cssVariables={cssVariables}
        />
      ) : null}
      <ToastRegion />
    </ModalContext.Provider>
  )
  if (disableAppend || enableEmbedded || !isClient) return content
  return createPortal(content, document.body)
}
