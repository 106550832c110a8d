import type UniversalProvider from '@walletconnect/universal-provider'
import { storagePrefix } from '../kit.js'
import type { Metadata } from '../options/index.js'
import type { StorageAdapter } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'

export type UniversalProviderInstance = UniversalProvider

function isHostedRelay(url: string): boolean {
  try {
    const host = new URL(url).hostname
    return host.endsWith('.walletconnect.org') || host.endsWith('.walletconnect.com')
  } catch {
    return false
  }
}

/**
 * WalletConnect's `Core` hands every client after the first the same page-wide core, kept in a
 * global named after the storage prefix (`_walletConnectCore_<prefix>`, with a counter that warns
 * "Init() was called N times"). Shared, two Portico clients would share one relay socket, one
 * pairing list and one storage: destroying one would close the other's socket, and one client's
 * session would be written to the other's storage. So each Portico client makes a core of its
 * own: the global is set aside while the core is built (the constructor then finds none) and put
 * back as it was afterwards, so nothing is left behind for the next client either.
 */
export function createOwnCore<T>(storageKey: string, build: () => T): T {
  const global = globalThis as Record<string, unknown>
  const key = `_walletConnectCore_${storageKey}`
  const saved = [key, `${key}_count`].map((name) => [name, global[name]] as const)
  for (const [name] of saved) delete global[name]
  try {
    return build()
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete global[name]
      else global[name] = value
    }
  }
}

export type LoadUniversalProviderParameters = {
  projectId: string
  relayUrl: string
  metadata: Metadata
  storage: StorageAdapter
  /** The client's storage key: WalletConnect's records are kept under it. */
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
  // The prefix stays the storage key, so the records of a session stored before keep their names.
  const core = createOwnCore(
    storageKey,
    () =>
      new Core({
        projectId,
        relayUrl,
        storage: kv,
        telemetryEnabled: WALLETCONNECT_TELEMETRY,
        logger: 'error',
        customStoragePrefix: storageKey,
      }),
  )
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
