import type { WritableAtom } from 'nanostores'
import type { IdentityInternal } from '../identity/index.js'

/** Where a registration is: the wallet signs, then the name service stores it. */
export type RegisterNameStep = 'signing' | 'submitting'

/** What the names feature's requests (loaded on first use) get from its shell. */
export type NamesDeps = {
  identity: IdentityInternal
  $registerStep: WritableAtom<RegisterNameStep | undefined>
  /** How long a resolved name or a reverse lookup is kept. */
  cacheMs: number
  /** The zone new names are registered in (`reown.id`). */
  zone: string
}
