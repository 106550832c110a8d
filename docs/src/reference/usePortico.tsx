import { usePortico } from '@portico/react'
import { Returned } from '../Returned.js'

/** The client itself: its options and stores (what every other hook reads). */
export default function UsePorticoExample() {
  const client = usePortico()
  return <Returned value={{ projectId: client.options.projectId, stores: Object.keys(client) }} />
}
