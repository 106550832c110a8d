import type UniversalProvider from '@walletconnect/universal-provider'
import type { Metadata } from '../options/index.js'
import type { StorageAdapter } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'

export type UniversalProviderInstance = UniversalProvider

export type LoadUniversalProviderParameters = {
  projectId: string
  relayUrl: string
  metadata: Metadata
  storage: StorageAdapter
  telemetryEnabled: boolean
}

/**
 * Loads and starts WalletConnect's universal provider. The import is dynamic: the package lands in
 * its own chunk, downloaded only when the user picks WalletConnect or a session is restored.
 */
export async function loadUniversalProvider({
  projectId,
  relayUrl,
  metadata,
  storage,
  telemetryEnabled,
}: LoadUniversalProviderParameters): Promise<UniversalProviderInstance> {
  const { UniversalProvider } = await import('@walletconnect/universal-provider')
  return UniversalProvider.init({
    projectId,
    relayUrl,
    metadata: { ...metadata, icons: [...metadata.icons] },
    logger: 'error',
    storage: createWalletConnectStorage(storage) as never,
    telemetryEnabled,
  })
}
