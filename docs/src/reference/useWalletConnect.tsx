import { useWalletConnect } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useWalletConnect() returns right now, on the devnet. */
export default function UseWalletConnectExample() {
  const value = useWalletConnect()
  return <Returned value={value} />
}
