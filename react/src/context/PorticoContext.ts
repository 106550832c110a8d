import type { PorticoClient } from '@portico/core'
import { createContext } from 'react'

/**
 * Text a UI layer shows to users. Empty here; `@portico/ui-kit` adds its English table by
 * declaration merging, so `messages` on the provider is typed by whichever UI layer is installed.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by UI packages through declaration merging
export interface PorticoMessages {}

/** What `PorticoProvider` gives the hooks: the client and the app's text overrides. */
export type PorticoContextValue = {
  client: PorticoClient
  messages: Partial<PorticoMessages>
}

export const PorticoContext = createContext<PorticoContextValue | undefined>(undefined)
