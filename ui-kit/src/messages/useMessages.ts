import { useMessageOverrides } from '@portico/react'
import { useMemo } from 'react'
import './augment.js'
import { en, type UiKitMessages } from './en.js'

/** The English table with the app's overrides on top. */
export function useMessages(): UiKitMessages {
  const overrides = useMessageOverrides()
  return useMemo(() => ({ ...en, ...overrides }), [overrides])
}
