import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { ConnectionInternal } from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'
import type { IdentityInternal } from '../identity/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { NameProfile, NameSuggestion } from './api.js'
import type { checkName } from './nameRules.js'

/** Where a registration is: the wallet signs, then the name service stores it. */
export type RegisterNameStep = 'signing' | 'submitting'

/**
 * Why `resolveName` rejects: the profile service failed or timed out (NAME_RESOLVE_FAILED, its
 * cause the API error; a name nobody holds resolves to undefined), the code could not be fetched
 * (MODULE_LOAD_FAILED) or the client was destroyed while it loaded (ABORTED).
 */
export type ResolveNameErrorType = PorticoError<
  'NAME_RESOLVE_FAILED' | 'MODULE_LOAD_FAILED' | 'ABORTED'
>
/** Why `reverseLookup` rejects: like `resolveName`, with NAMES_FOR_ADDRESS_FAILED. */
export type ReverseLookupErrorType = PorticoError<
  'NAMES_FOR_ADDRESS_FAILED' | 'MODULE_LOAD_FAILED' | 'ABORTED'
>
/** Why `suggestions` rejects: like `resolveName`, with NAME_SUGGESTIONS_FAILED. */
export type NameSuggestionsErrorType = PorticoError<
  'NAME_SUGGESTIONS_FAILED' | 'MODULE_LOAD_FAILED' | 'ABORTED'
>
/**
 * Why `registerName` rejects. The name breaks the rule (INVALID_INPUT, `details.message`); no
 * connected EVM account whose wallet can sign (ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND); the user
 * refused to sign (USER_REJECTED) or the wallet failed (WALLET_ERROR); the profile service failed,
 * timed out or answered nonsense (API_ERROR, API_TIMEOUT, INVALID_RESPONSE; anything unexpected is
 * API_ERROR); the code could not be fetched (MODULE_LOAD_FAILED) or the client was destroyed
 * (ABORTED).
 * Through WalletConnect, the relay may be out of reach (RELAY_UNAVAILABLE) or the wallet not
 * answer (WALLET_TIMEOUT); the embedded (email) wallet may refuse the method or the action
 * (RPC_NOT_ALLOWED, ACTION_NOT_ALLOWED), lose its frame (EMAIL_DEPENDENCY_LOAD_FAILED) or not
 * answer (TIMEOUT).
 */
export type RegisterNameErrorType = PorticoError<
  | 'INVALID_INPUT'
  | 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND'
  | 'USER_REJECTED'
  | 'WALLET_ERROR'
  | 'API_ERROR'
  | 'API_TIMEOUT'
  | 'INVALID_RESPONSE'
  | 'MODULE_LOAD_FAILED'
  | 'ABORTED'
  | 'RELAY_UNAVAILABLE'
  | 'WALLET_TIMEOUT'
  | 'RPC_NOT_ALLOWED'
  | 'ACTION_NOT_ALLOWED'
  | 'EMAIL_DEPENDENCY_LOAD_FAILED'
  | 'TIMEOUT'
>

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
