import { useTheme } from '@portico/react'
import { Returned } from '../Returned.js'

/** What useTheme() returns right now, on the devnet. */
export default function UseThemeExample() {
  const value = useTheme()
  return <Returned value={value} />
}
