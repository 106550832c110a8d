import { useDisconnect } from '@portico/react'
import { NetworkList } from '../../components/NetworkList.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

/**
 * The wallet is on a network the app does not list: switch to one of the app's networks, or
 * disconnect. The modal closes by itself once the wallet is on a supported network.
 */
export function UnsupportedChainView(_props: ViewProps) {
  const messages = useMessages()
  const { disconnect } = useDisconnect()
  return (
    <div data-portico-unsupported="">
      <p role="alert">{messages['unsupported.message']}</p>
      <NetworkList markActive={false} />
      <button
        type="button"
        data-portico-danger=""
        onClick={() => void disconnect().catch(() => undefined)}
      >
        {messages['account.disconnect']}
      </button>
    </div>
  )
}
