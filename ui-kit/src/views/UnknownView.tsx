import { useMessages } from '../messages/useMessages.js'
import type { ViewProps } from '../modal/types.js'

/** Shown for a view name that has no component, instead of a blank dialog. */
export function UnknownView(_props: ViewProps) {
  const messages = useMessages()
  return <p>{messages['view.unknown']}</p>
}
