import type { AsyncState, NameProfile, NameSuggestion } from '@portico/core'
import { useMemo } from 'react'
import { useAsyncCall } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What a name lookup gives: an address (or undefined), names of an address, or free names. */
export type NameLookupResult =
  | string
  | undefined
  | readonly NameProfile[]
  | readonly NameSuggestion[]

/**
 * What `useNames` returns: the last lookup's async state (`data` is its result, kept while the
 * next one is pending) and the lookups.
 */
export type UseNamesReturnType = AsyncState<NameLookupResult> & {
  /** The address a name points at; undefined when nobody holds it. 'Error resolving name' on failure. */
  resolve(name: string): Promise<string | undefined>
  /** Names registered to an address. 'Error fetching names for address' on failure. */
  reverse(address: string): Promise<readonly NameProfile[]>
  /** Free names like this one. 'Error fetching name suggestions' on failure. */
  suggestions(name: string): Promise<readonly NameSuggestion[]>
  /** Back to idle (a pending lookup still resolves, but no longer writes the state). */
  reset(): void
}

/** Name lookups (eip155 only), cached 5 minutes. */
export function useNames(): UseNamesReturnType {
  const { names } = usePortico()
  const [state, run, reset] = useAsyncCall<NameLookupResult>()
  // The lookups stay the same functions while the state changes (an effect may depend on them).
  const actions = useMemo(
    () => ({
      resolve: (name: string) => run(() => names.resolveName(name)) as Promise<string | undefined>,
      reverse: (address: string) =>
        run(() => names.reverseLookup(address)) as Promise<readonly NameProfile[]>,
      suggestions: (name: string) =>
        run(() => names.suggestions(name)) as Promise<readonly NameSuggestion[]>,
      reset,
    }),
    [names, run, reset],
  )
  return useMemo(() => ({ ...state, ...actions }), [state, actions])
}
