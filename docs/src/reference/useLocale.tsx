import { useLocale } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useLocale() returns right now, on the devnet. */
export default function UseLocaleExample() {
  const value = useLocale()
  return <Returned value={value} />
}
