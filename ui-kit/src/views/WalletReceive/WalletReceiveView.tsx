import { useReceive, useToast } from '@portico/react'
import { useId } from 'react'
import { LazyQrCode } from '../../components/QrCode/LazyQrCode.js'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

/** The account's address as text and QR code, a copy button, and where it can receive. */
export function WalletReceiveView(_props: ViewProps) {
  const messages = useMessages()
  const toast = useToast()
  const { address, networks, copy } = useReceive()
  const networksId = useId()
  if (!address) return null
  return (
    <div data-portico-receive="">
      <LazyQrCode value={address} label={messages['receive.qrLabel']} size={200} />
      <p data-portico-address="">{address}</p>
      <button
        type="button"
        onClick={async () => {
          if (await copy()) toast.showSuccess(messages['account.copied'])
          else toast.showError(messages['account.copyFailed'])
        }}
      >
        {messages['receive.copy']}
      </button>
      <p data-portico-muted="" id={networksId}>
        {messages['receive.networks']}
      </p>
      <ul aria-labelledby={networksId} data-portico-chips="">
        {networks.map((network) => (
          <li key={network.id}>{network.name}</li>
        ))}
      </ul>
      <p data-portico-muted="">{messages['receive.warning']}</p>
    </div>
  )
}
