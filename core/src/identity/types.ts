import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { Identity } from '../api/index.js'
import type { ChainNamespace } from '../caip/index.js'
import type { ConnectionInternal } from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'

/** The name and avatar of an address. */
export type Profile = { name: string | undefined; avatar: string | undefined }

/**
 * Why `fetchIdentity` rejects: the identity service failed, timed out, was cancelled or answered
 * nonsense (API_ERROR, API_TIMEOUT, ABORTED, INVALID_RESPONSE); the code could not be fetched
 * (MODULE_LOAD_FAILED) or the client was destroyed while it loaded (ABORTED).
 */
export type FetchIdentityErrorType = PorticoError<
  'API_ERROR' | 'API_TIMEOUT' | 'ABORTED' | 'INVALID_RESPONSE' | 'MODULE_LOAD_FAILED'
>

/** Names and avatars of addresses (`client.identity`). */
export type IdentityFeature = {
  /** The active account's name and avatar (undefined until known, or when it has none). */
  $profile: ReadableAtom<Profile>
  /** Name and avatar of any address, cached 5 minutes. */
  fetchIdentity(address: string): Promise<Identity>
}

export type IdentityInternal = IdentityFeature & {
  /** Profile per namespace, for the account view; another address's left out. */
  $byNamespace: ReadableAtom<Partial<Record<ChainNamespace, Profile>>>
  /** A name just registered: shown now, read fresh next time. */
  setName(namespace: ChainNamespace, address: string, name: string): void
  forget(address: string): void
}

/** The profiles read or registered, by namespace, with the address each is for. */
export type IdentityProfiles = Partial<Record<ChainNamespace, Profile & { address: string }>>

/** What the shell hands its heavy half (`lazy.ts`). */
export type IdentityShell = {
  /** Written by the half when it has read the connected account's name. */
  $profiles: WritableAtom<IdentityProfiles>
  connection: ConnectionInternal
  /** Where the names and avatars read are kept (the key the shell declares as its own). */
  cacheKey: string
}

/** The heavy half: the identity service and its cache. */
export type IdentityHalf = {
  fetchIdentity(address: string): Promise<Identity>
  forget(address: string): void
  /** Reads the connected EVM account's name and avatar into the profiles. */
  refresh(): Promise<void>
}
