import type { AccountFeature } from '../account/index.js'
import type { BlockchainApi, Identity } from '../api/index.js'
import type { ChainNamespace } from '../caip/index.js'
import { IDENTITY_CACHE_MS } from '../constants/index.js'
import type { Logger } from '../logger/index.js'
import type { PorticoStorage } from '../storage/index.js'
import { isRecord } from '../storage/validators.js'

export type IdentityFeature = {
  /** Name and avatar of an address, cached 5 minutes. */
  fetchIdentity(address: string): Promise<Identity>
  /** Puts the connected account's name and avatar on the account state. */
  refresh(namespace?: ChainNamespace): Promise<void>
}

const cachedIdentity = (value: unknown): Identity | undefined =>
  isRecord(value) &&
  (value.name === null || typeof value.name === 'string') &&
  (value.avatar === null || typeof value.avatar === 'string')
    ? { name: value.name as string | null, avatar: value.avatar as string | null }
    : undefined

export function createIdentity({
  account,
  blockchainApi,
  storage,
  logger,
  now,
}: {
  account: AccountFeature
  blockchainApi: BlockchainApi
  storage: PorticoStorage
  logger: Logger
  now(): number
}): IdentityFeature {
  const inflight = new Map<string, Promise<Identity>>()

  function fetchIdentity(address: string): Promise<Identity> {
    const key = address.toLowerCase()
    const cached = cachedIdentity(storage.identityCache.get(key, IDENTITY_CACHE_MS, now()))
    if (cached) return Promise.resolve(cached)
    let request = inflight.get(key)
    if (!request) {
      request = blockchainApi
        .getIdentity({ address, sender: address })
        .then((identity) => {
          storage.identityCache.set(key, identity, now())
          return identity
        })
        .finally(() => inflight.delete(key))
      inflight.set(key, request)
    }
    return request
  }

  return {
    fetchIdentity,
    async refresh(namespace = account.$activeNamespace.get()) {
      // Spec §9: names exist on eip155 only.
      if (namespace !== 'eip155') return
      const { address } = account.get(namespace)
      if (!address) return
      try {
        const identity = await fetchIdentity(address)
        if (account.get(namespace).address !== address) return
        account.update(namespace, {
          profileName: identity.name ?? undefined,
          profileImage: identity.avatar ?? undefined,
        })
      } catch (error) {
        logger.warn('could not load the account name', error)
      }
    },
  }
}
