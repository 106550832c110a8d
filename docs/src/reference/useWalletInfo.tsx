import { useWalletInfo } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useWalletInfo() returns right now, on the devnet. */
export default function UseWalletInfoExample() {
  const value = useWalletInfo()
  return <Returned value={value} />
}
