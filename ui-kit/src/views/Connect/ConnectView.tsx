import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

/** The first view. The wallet list arrives with the connectors; until then it says so. */
export function ConnectView(_props: ViewProps) {
  const messages = useMessages()
  return <p data-portico-empty="">{messages['connect.empty']}</p>
}
