import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { ConnectionInternal } from '../connection/index.js'
import type { IdentityInternal } from '../identity/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { NameProfile, NameSuggestion } from './api.js'
import type { checkName } from './nameRules.js'

/** Where a registration is: the wallet signs, then the name service stores it. */
export type RegisterNameStep = 'signing' | 'submitting'

/** Account names: resolve, reverse, suggest and register (`client.names`). */
export type NamesFeature = {
  /** The last registration: `data` is the full name once it is registered. */
  $registration: ReadableAtom<AsyncState<string>>
  /** The step of a pending registration. */
  $registerStep: ReadableAtom<RegisterNameStep | undefined>
  /** The address a name points at (cached 5 minutes); undefined when nobody holds it. */
  resolveName(name: string): Promise<string | undefined>
  /** Names registered to an address (cached 5 minutes). */
  reverseLookup(address: string): Promise<readonly NameProfile[]>
  suggestions(name: string): Promise<readonly NameSuggestion[]>
  /**
   * Registers `name` for the connected account: the wallet signs a message binding the name, the
   * address and the time, then the profile service stores it. Returns the full name. A second
   * call while one is pending joins it: one signature request.
   */
  registerName(name: string): Promise<string>
  resetRegistration(): void
}

/** The stores as the heavy half holds them: it writes them. */
export type NamesAtoms = {
  $registration: WritableAtom<AsyncState<string>>
  $registerStep: WritableAtom<RegisterNameStep | undefined>
}

/** What the shell hands its heavy half (`lazy.ts`). */
export type NamesShell = {
  stores: NamesAtoms
  connection: ConnectionInternal
  identity: IdentityInternal
  /** The name rule (the page has it already: the registration view checks as the user types). */
  checkName: typeof checkName
  /** The zone new names are registered in (`reown.id`). */
  zone: string
  /** Where resolved names and reverse lookups are kept (the key the shell declares). */
  cacheKey: string
}

/** The heavy half: the profile service, the name cache and the registration. */
export type NamesHalf = Omit<NamesFeature, '$registration' | '$registerStep'>
