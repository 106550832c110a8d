import type { Connector, PorticoError } from '@portico/core'
import { useConnect } from '@portico/react'
import type { ReactNode } from 'react'
import { WalletIcon } from '../../components/WalletIcon.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

export type ConnectingExternalState = {
  connector: Connector | undefined
  isPending: boolean
  error: PorticoError | undefined
  retry(): void
}

export type ConnectingExternalViewProps = ViewProps & {
  children?: (state: ConnectingExternalState) => ReactNode
}

/** While a browser wallet is asked: its name and icon, and a retry after a refusal. */
export function ConnectingExternalView({ data, children }: ConnectingExternalViewProps) {
  const messages = useMessages()
  const { connectors, connect, connectingId, error } = useConnect()
  const connectorId = typeof data?.connectorId === 'string' ? data.connectorId : undefined
  const connector = connectors.find((c) => c.id === connectorId)
  const isPending = connectingId !== undefined && connectingId === connectorId
  const retry = () => {
    if (connectorId) connect({ connectorId }).catch(() => undefined)
  }

  if (children) return <>{children({ connector, isPending, error, retry })}</>
  if (!connector) return <p role="alert">{messages['connecting.unavailable']}</p>
  const declined = error?.code === 'USER_REJECTED'
  return (
    <div data-portico-connecting="" data-state={error ? 'error' : isPending ? 'pending' : 'idle'}>
      <WalletIcon src={connector.imageUrl} name={connector.name} size={64} />
      {error && !isPending ? (
        <>
          <p role="alert" data-portico-error="">
            {declined ? messages['connecting.declined'] : messages['connecting.failed']}
          </p>
          <button type="button" data-portico-primary="" onClick={retry}>
            {messages['connecting.retry']}
          </button>
        </>
      ) : (
        <>
          <p data-portico-heading="">{messages['connecting.continueIn'](connector.name)}</p>
          <p data-portico-muted="">{messages['connecting.accept']}</p>
        </>
      )}
    </div>
  )
}
