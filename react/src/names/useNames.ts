import type { NameProfile, NameSuggestion } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useNames` returns. */
export type UseNamesReturnType = {
  /** The address a name points at; undefined when nobody holds it. 'Error resolving name' on failure. */
  resolve(name: string): Promise<string | undefined>
  /** Names registered to an address. 'Error fetching names for address' on failure. */
  reverse(address: string): Promise<readonly NameProfile[]>
  /** Free names like this one. 'Error fetching name suggestions' on failure. */
  suggestions(name: string): Promise<readonly NameSuggestion[]>
}

/** Name lookups (eip155 only), cached 5 minutes. */
export function useNames(): UseNamesReturnType {
  const { names } = usePortico()
  return useMemo(
    () => ({
      resolve: names.resolveName,
      reverse: names.reverseLookup,
      suggestions: names.suggestions,
    }),
    [names],
  )
}
