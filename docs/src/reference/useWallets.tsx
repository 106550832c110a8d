import { useWallets } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useWallets() returns right now, on the devnet. */
export default function UseWalletsExample() {
  const value = useWallets()
  return <Returned value={value} />
}
