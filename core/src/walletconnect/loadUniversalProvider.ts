import type UniversalProvider from '@walletconnect/universal-provider'
import type { Metadata } from '../options/index.js'
import { type StorageAdapter, storagePrefix } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'

export type UniversalProviderInstance = UniversalProvider

/**
 * WalletConnect's page-wide core is kept in a global named after its storage prefix, which is the
 * client's storage key: clients with different keys get different cores and different records.
 * (The default key, 'portico', gives the prefix sessions were stored under before the option.)
 */
const globalCoreKey = (storageKey: string) => `_walletConnectCore_${storageKey}`

function isHostedRelay(url: string): boolean {
  try {
    const host = new URL(url).hostname
    return host.endsWith('.walletconnect.org') || host.endsWith('.walletconnect.com')
  } catch {
    return false
  }
}

/**
 * WalletConnect keeps one core per page in a global and hands it to every later client with the
 * same prefix. A Portico client that stops closes its relay connection, so the core must go with
 * it: otherwise the next client (a client created again, or a test) would inherit a dead socket.
 */
export function releaseWalletConnectCore(instance: UniversalProviderInstance | undefined) {
  const core = instance?.client?.core
  if (!core) return
  // The core keeps its prefix as ':<storageKey>'.
  const key = globalCoreKey(core.customStoragePrefix.replace(/^:/, ''))
  const global = globalThis as Record<string, unknown>
  if (global[key] === core) {
    delete global[key]
    delete global[`${key}_count`]
  }
}

export type LoadUniversalProviderParameters = {
  projectId: string
  relayUrl: string
  metadata: Metadata
  storage: StorageAdapter
  /** The client's storage key: WalletConnect's records and core are kept under it. */
  storageKey: string
}

/**
 * WalletConnect's own telemetry posts to a host written into the library
 * (pulse.walletconnect.org/batch), whatever the app's `apiUrls` say, with pairing topics and
 * traces in it. It cannot follow the app's URLs, so it is always off; Portico's own error
 * telemetry (the telemetry feature) follows `features.analytics` and `apiUrls.pulse`.
 */
const WALLETCONNECT_TELEMETRY = false

/**
 * Loads and starts WalletConnect's universal provider. The import is dynamic: the package lands in
 * its own chunk, downloaded only when the user picks WalletConnect or a session is restored.
 */
export async function loadUniversalProvider({
  projectId,
  relayUrl,
  metadata,
  storage,
  storageKey,
}: LoadUniversalProviderParameters): Promise<UniversalProviderInstance> {
  const [{ UniversalProvider }, { Core }] = await Promise.all([
    import('@walletconnect/universal-provider'),
    import('@walletconnect/core'),
  ])
  const kv = createWalletConnectStorage(storage, `${storagePrefix(storageKey)}wc/`) as never
  const core = new Core({
    projectId,
    relayUrl,
    storage: kv,
    telemetryEnabled: WALLETCONNECT_TELEMETRY,
    logger: 'error',
    customStoragePrefix: storageKey,
  })
  if (!isHostedRelay(relayUrl)) {
    // The hosted verify service attests the page's origin through an iframe and waits up to 5 s
    // for it. Next to a relay of your own (the devnet) there is no such service: skip it.
    ;(core.verify as unknown as { register: () => Promise<string> }).register = async () => ''
  }
  return UniversalProvider.init({
    core,
    projectId,
    relayUrl,
    metadata: { ...metadata, icons: [...metadata.icons] },
    logger: 'error',
    storage: kv,
    telemetryEnabled: WALLETCONNECT_TELEMETRY,
  })
}
