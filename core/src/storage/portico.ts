import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import { CHAIN_NAMESPACES, isCaipNetworkId } from '../caip/index.js'
import { RECENT_WALLETS_MAX } from '../constants/index.js'
import type { Logger } from '../logger/index.js'
import type { StorageAdapter } from './adapter.js'
import { createSafeStorage, storedCache, storedMap, storedValue } from './createStorage.js'
import { arrayOf, isRecord, object, oneOf, recordOf, string, type Validator } from './validators.js'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export const CONNECTION_STATUSES = [
  'connected',
  'disconnected',
  'connecting',
  'reconnecting',
] as const
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

/** A wallet the user connected before, shown first next time. */
export type RecentWallet = {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
}

/** The deep link a user chose for WalletConnect, reused to open their wallet for requests. */
export type DeepLinkChoice = { name: string; href: string }

export const recentWallet: Validator<RecentWallet> = object(
  { id: string, name: string },
  { imageUrl: string, rdns: string, mobileLink: string, desktopLink: string, webappLink: string },
)

const caipNetworkId: Validator<CaipNetworkId> = (value) =>
  isCaipNetworkId(value) ? value : undefined
const namespace = oneOf(CHAIN_NAMESPACES)
const anyJson: Validator<unknown> = (value) => (value === undefined ? undefined : value)

/**
 * Every key of spec §3 "Stored in the browser", typed. Feature-specific payloads (balances,
 * connections, sessions) are validated again by the feature that reads them.
 */
export function createPorticoStorage(adapter: StorageAdapter, logger: Logger) {
  const safe = createSafeStorage(adapter, logger)
  const recent = storedValue(safe, 'recent_wallets', arrayOf(recentWallet))
  return {
    recentWallets: {
      get: (): RecentWallet[] => (recent.get() ?? []).slice(0, RECENT_WALLETS_MAX),
      /** Puts the wallet first, drops an older entry with the same id, keeps at most two. */
      add(wallet: RecentWallet): RecentWallet[] {
        const next = [wallet, ...(recent.get() ?? []).filter((w) => w.id !== wallet.id)].slice(
          0,
          RECENT_WALLETS_MAX,
        )
        recent.set(next)
        return next
      },
      clear: recent.remove,
    },
    deepLinkChoice: storedValue(safe, 'deeplink_choice', object({ name: string, href: string })),
    activeNamespace: storedValue(safe, 'active_namespace', namespace),
    activeCaipNetworkId: storedMap<ChainNamespace, CaipNetworkId>(
      safe,
      'active_caip_network_id',
      caipNetworkId,
    ),
    connectedConnectorId: storedMap<ChainNamespace, string>(safe, 'connected_connector_id', string),
    connectedSocialProvider: storedValue(safe, 'connected_social', oneOf(SOCIAL_PROVIDERS)),
    connectionStatus: storedValue(safe, 'connection_status', oneOf(CONNECTION_STATUSES)),
    connectedNamespaces: storedValue(safe, 'connected_namespaces', arrayOf(namespace)),
    balanceCache: storedCache(safe, 'portfolio_cache', anyJson),
    nativeBalanceCache: storedCache(safe, 'native_balance_cache', anyJson),
    nameCache: storedCache(safe, 'name_cache', anyJson),
    identityCache: storedCache(safe, 'identity_cache', anyJson),
    preferredAccountTypes: storedValue(
      safe,
      'preferred_account_types',
      recordOf(string, (key) => namespace(key)),
    ),
    connections: storedMap<ChainNamespace, unknown[]>(safe, 'connections', (value) =>
      Array.isArray(value) ? value : undefined,
    ),
    walletId: storedValue(safe, 'wallet_id', string),
    siwxSessions: storedValue(safe, 'siwx_sessions', (value) =>
      Array.isArray(value) ? value.filter(isRecord) : undefined,
    ),
    /** Raw access for features whose keys are not in the spec's list. */
    safe,
  }
}

export type PorticoStorage = ReturnType<typeof createPorticoStorage>
