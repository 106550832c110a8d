import { ConnectButton, Modal, type ViewProps } from '@portico/ui-kit'
import { connectItemKey, connectItemName, useConnectView } from '@portico/ui-kit/views'

/** The built-in Connect view's logic, the app's own markup: one plain button per wallet. */
function MyConnect(_props: ViewProps) {
  const { items, select } = useConnectView()
  return (
    <div>
      <h2>Pick a wallet</h2>
      {items.map((item) => (
        <button key={connectItemKey(item)} type="button" onClick={() => select(item)}>
          {connectItemName(item)}
        </button>
      ))}
    </div>
  )
}

export default function ReplaceConnect() {
  return (
    <>
      <ConnectButton />
      <Modal views={{ Connect: MyConnect }} />
    </>
  )
}
