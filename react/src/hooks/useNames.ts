import { useStore } from '@nanostores/react'
import type {
  NameProfile,
  NameSuggestion,
  NamesFeature,
  PorticoError,
  RegisterNameStatus,
} from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from './usePortico.js'

export type UseNamesReturnType = {
  /** The address a name points at; undefined when nobody holds it. 'Error resolving name' on failure. */
  resolve(name: string): Promise<string | undefined>
  /** Names registered to an address. */
  reverse(address: string): Promise<readonly NameProfile[]>
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

export type UseRegisterNameReturnType = {
  register: NamesFeature['registerName']
  status: RegisterNameStatus
  error: PorticoError | undefined
  reset(): void
}

/** Register a name for the connected account: the wallet signs, the service stores it. */
export function useRegisterName(): UseRegisterNameReturnType {
  const { names } = usePortico()
  const status = useStore(names.$registerStatus)
  const error = useStore(names.$registerError)
  return useMemo(
    () => ({ register: names.registerName, status, error, reset: names.resetRegistration }),
    [names, status, error],
  )
}
