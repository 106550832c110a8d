import { useNames } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useNames() returns right now, on the devnet. */
export default function UseNamesExample() {
  const value = useNames()
  return <Returned value={value} />
}
