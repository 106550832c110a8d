import { useModal } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useModal() returns right now, on the devnet. */
export default function UseModalExample() {
  const value = useModal()
  return <Returned value={value} />
}
