// The dapp side of the WalletConnect tests: a `@walletconnect/universal-provider` 2.25 on the
// devnet relay, in memory, as the SDK builds it.
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import UniversalProvider from '@walletconnect/universal-provider'
import { createMemoryStorage, type Devnet, type WalletConnectStorage } from '../src/index.js'

export type Dapp = Awaited<ReturnType<typeof UniversalProvider.init>>

export const DAPP_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
]

let nextPrefix = 0

export async function createDapp(
  devnet: Pick<Devnet, 'relayUrl'>,
  metadata: Partial<SignClientTypes.Metadata> = {},
  /** The same storage and prefix as an earlier dapp: that dapp after a page reload. */
  reload?: { storage: WalletConnectStorage; prefix: string },
): Promise<Dapp> {
  return UniversalProvider.init({
    projectId: 'devnet',
    relayUrl: devnet.relayUrl,
    metadata: {
      name: 'Portico test dapp',
      description: 'A dapp in a test',
      url: 'http://127.0.0.1:5173',
      icons: [],
      ...metadata,
    },
    storage: reload?.storage ?? createMemoryStorage(),
    // Its own core: the 2.25 core is shared per storage prefix within a process.
    customStoragePrefix: reload?.prefix ?? `test-dapp-${process.pid}-${nextPrefix++}`,
    telemetryEnabled: false,
    logger: process.env.WCLOG ?? 'silent',
  })
}

/**
 * Closes the dapp's relay socket and timers, and forgets its core: `new Core()` (and so `init`)
 * returns the core already registered on globalThis for the same storage prefix, closed or not.
 */
export async function closeDapp(provider: Dapp) {
  await provider.client.core.relayer.transportClose()
  provider.client.core.heartbeat.stop()
  const prefix = provider.client.core.opts?.customStoragePrefix ?? ''
  const global = globalThis as Record<string, unknown>
  delete global[`_walletConnectCore_${prefix}`]
  delete global[`_walletConnectCore_${prefix}_count`]
}

/** Starts a pairing: the `wc:` URI and the session the wallet's approval settles. */
export function connectDapp(provider: Dapp, devnet: Pick<Devnet, 'chains'>) {
  const uri = new Promise<string>((resolve) => provider.once('display_uri', resolve))
  const session = provider.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:31337'],
        methods: DAPP_METHODS,
        events: ['chainChanged', 'accountsChanged'],
        rpcMap: { '31337': devnet.chains[0]?.rpcUrl ?? '' },
      },
    },
  })
  return { uri, session }
}

/** Resolves with the argument of the next `event` the provider emits. */
export function nextEvent(provider: Dapp, event: string): Promise<unknown> {
  return new Promise((resolve) => provider.once(event, resolve))
}

export type SignClientDapp = Awaited<ReturnType<typeof SignClient.init>>

/**
 * A dapp on `@walletconnect/sign-client` itself, for one-click sign-in: `authenticate()` is the
 * sign-client's (the universal provider wraps it the same way).
 */
export async function createSignClientDapp(
  devnet: Pick<Devnet, 'relayUrl'>,
  metadata: Partial<SignClientTypes.Metadata> = {},
): Promise<SignClientDapp> {
  return SignClient.init({
    projectId: 'devnet',
    relayUrl: devnet.relayUrl,
    metadata: {
      name: 'Portico sign-in dapp',
      description: 'A dapp that signs in with one click',
      url: 'http://127.0.0.1:5173',
      icons: [],
      ...metadata,
    },
    storage: createMemoryStorage(),
    customStoragePrefix: `test-sign-dapp-${process.pid}-${nextPrefix++}`,
    telemetryEnabled: false,
    logger: process.env.WCLOG ?? 'silent',
  })
}

export async function closeSignClientDapp(client: SignClientDapp) {
  await client.core.relayer.transportClose()
  client.core.heartbeat.stop()
  const prefix = client.core.opts?.customStoragePrefix ?? ''
  const global = globalThis as Record<string, unknown>
  delete global[`_walletConnectCore_${prefix}`]
  delete global[`_walletConnectCore_${prefix}_count`]
}
