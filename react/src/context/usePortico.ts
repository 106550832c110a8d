import type { PorticoClient } from '@portico/core'
import { useContext } from 'react'
import { PorticoContext, type PorticoContextValue } from './PorticoContext.js'

function useContextValue(): PorticoContextValue {
  const value = useContext(PorticoContext)
  if (!value) {
    throw new Error('Portico hooks must be used inside <PorticoProvider client={…}>')
  }
  return value
}

/** The Portico client of the nearest `PorticoProvider`. */
export function usePortico(): PorticoClient {
  return useContextValue().client
}

/** The options the client was made with, resolved (defaults filled in): static for its life. */
export function usePorticoOptions(): PorticoClient['options'] {
  return usePortico().options
}

/** The text overrides given to the nearest `PorticoProvider`. */
export function useMessageOverrides(): PorticoContextValue['messages'] {
  return useContextValue().messages
}
