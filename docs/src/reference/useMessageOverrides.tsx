import { useMessageOverrides } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useMessageOverrides() returns right now, on the devnet. */
export default function UseMessageOverridesExample() {
  const value = useMessageOverrides()
  return <Returned value={value} />
}
