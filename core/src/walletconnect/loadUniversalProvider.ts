import type UniversalProvider from '@walletconnect/universal-provider'
import type { Metadata } from '../options/index.js'
import type { StorageAdapter } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'

export type UniversalProviderInstance = UniversalProvider

const WALLETCONNECT_STORAGE_PREFIX = 'portico'
const GLOBAL_CORE_KEY = `_walletConnectCore_${WALLETCONNECT_STORAGE_PREFIX}`

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
  const global = globalThis as Record<string, unknown>
  if (instance && global[GLOBAL_CORE_KEY] === instance.client?.core) {
    delete global[GLOBAL_CORE_KEY]
    delete global[`${GLOBAL_CORE_KEY}_count`]
  }
}

export type LoadUniversalProviderParameters = {
  projectId: string
  relayUrl: string
  metadata: Metadata
  storage: StorageAdapter
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
}: LoadUniversalProviderParameters): Promise<UniversalProviderInstance> {
  const [{ UniversalProvider }, { Core }] = await Promise.all([
    import('@walletconnect/universal-provider'),
    import('@walletconnect/core'),
  ])
  const kv = createWalletConnectStorage(storage) as never
  const core = new Core({
    projectId,
    relayUrl,
    storage: kv,
    telemetryEnabled: WALLETCONNECT_TELEMETRY,
    logger: 'error',
    customStoragePrefix: WALLETCONNECT_STORAGE_PREFIX,
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
