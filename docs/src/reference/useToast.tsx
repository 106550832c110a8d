import { useToast } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useToast() returns right now, on the devnet. */
export default function UseToastExample() {
  const value = useToast()
  return <Returned value={value} />
}
