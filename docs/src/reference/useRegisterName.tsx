import { useRegisterName } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useRegisterName() returns right now, on the devnet. */
export default function UseRegisterNameExample() {
  const value = useRegisterName()
  return <Returned value={value} />
}
