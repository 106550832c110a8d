import { useContext } from 'react'
import { MessagesContext } from './messages.js'

/**
 * What a lazy view shows while its code loads (an empty busy box that keeps the dialog's size),
 * or, when the code could not be fetched, a message and a retry.
 */
export function ViewLoading({ failed, retry }: { failed?: boolean; retry?: () => void }) {
  const messages = useContext(MessagesContext)
  if (!failed) return <div data-portico-view-loading="" aria-busy="true" />
  return (
    <div data-portico-view-loading="" data-state="error">
      <p role="alert" data-portico-error="">
        {messages?.t('modal.viewFailed') ?? 'This view could not be loaded.'}
      </p>
      <button type="button" data-portico-primary="" onClick={retry}>
        {messages?.t('modal.retry') ?? 'Try again'}
      </button>
    </div>
  )
}
