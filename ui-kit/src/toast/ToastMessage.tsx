import type { Message } from '@portico/core'
import { useViewMessages } from '../kit/messages.js'

/** A notification's message key in the user's language, as text (never markup). */
export function ToastMessage({ message }: { message: Message }) {
  return <>{useViewMessages().message(message)}</>
}
