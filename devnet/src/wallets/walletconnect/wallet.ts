import { SignClient } from '@walletconnect/sign-client'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import { onAuthenticate } from './authenticate.js'
import { DEVNET_WALLETCONNECT_MNEMONIC, DEVNET_WALLETCONNECT_PROJECT_ID } from './constants.js'
import { createContext } from './context.js'
import { openPairing, pairForProposal, pairForSignIn } from './pairing.js'
import { onProposal, onProposalExpired } from './proposals.js'
import { onRequest } from './requests.js'
import {
  disconnect,
  emitAccountsChanged,
  onSessionGone,
  selectAccount,
  switchChain,
} from './sessions.js'
import { createMemoryStorage } from './storage.js'
import type {
  CreateDevnetWalletConnectWalletOptions,
  DevnetWalletConnectWallet,
  SignClientInstance,
} from './types.js'

/**
 * A WalletConnect wallet on `@walletconnect/sign-client` with the devnet's keys: it pairs with a
 * `wc:` URI, approves the session on the chains it knows, and answers personal_sign, eth_sign,
 * eth_signTypedData(_v3/_v4), eth_sendTransaction and eth_sendRawTransaction once approved (by
 * autoApprove, onRequest, or `nextRequest().approve()`), and eth_accounts, eth_chainId and
 * wallet_switchEthereumChain at once. Works in Node (tests) and in the browser (the Devnet
 * Mobile Wallet page). The hosted verify service is never asked (there is no internet).
 */
export async function createDevnetWalletConnectWallet(
  options: CreateDevnetWalletConnectWalletOptions,
): Promise<DevnetWalletConnectWallet> {
  if (options.chains.length === 0) throw new Error('the WalletConnect wallet needs a chain')
  const mnemonic = options.mnemonic ?? DEVNET_WALLETCONNECT_MNEMONIC
  const hdAccounts: HDAccount[] = Array.from({ length: options.accountCount ?? 4 }, (_, i) =>
    mnemonicToAccount(mnemonic, { addressIndex: i }),
  )
  const accountIndex = options.accountIndex ?? 0
  if (!hdAccounts[accountIndex]) throw new Error(`no account ${accountIndex}`)
  const storagePrefix =
    options.storagePrefix ?? `portico-devnet-wc-wallet-${Math.random().toString(36).slice(2)}`
  const client = await startClient(options, storagePrefix)
  const context = createContext({ client, options, hdAccounts, accountIndex })
  const { state } = context

  client.on('session_proposal', (event) => onProposal(context, event))
  // Listening for it is what makes a wallet one-click capable: the client then ignores the
  // fallback session proposal a dapp's authenticate() sends along.
  client.on('session_authenticate', (event) => onAuthenticate(context, event))
  client.on('session_request', (event) => void onRequest(context, event))
  client.on('session_delete', (event) => onSessionGone(context, event))
  client.on('session_expire', (event) => onSessionGone(context, event))
  client.on('session_update', () => context.changed())
  client.on('proposal_expire', (event) => onProposalExpired(context, event))

  const wallet: DevnetWalletConnectWallet = {
    client,
    clientId: () => client.core.crypto.getClientId(),
    address: () => context.account().address,
    accounts: () => hdAccounts.map((a) => a.address),
    snapshot: () => ({
      accounts: hdAccounts.map((a) => a.address),
      accountIndex: state.accountIndex,
      chains: [...context.chains],
      proposals: [...context.proposals.items],
      authRequests: [...context.authRequests.items],
      requests: [...context.requests.items],
      sessions: context.activeSessions().map(context.sessionInfo),
      closed: state.closed,
    }),
    subscribe: context.subscribe,
    pair: (uri) => pairForProposal(context, uri),
    pairAuthenticate: (uri) => pairForSignIn(context, uri),
    open: (uri) => openPairing(context, uri),
    connect: async (uri) => (await pairForProposal(context, uri)).approve(),
    signIn: async (uri) => (await pairForSignIn(context, uri)).approve(),
    nextProposal: () => context.proposals.next(),
    nextAuthRequest: () => context.authRequests.next(),
    pendingAuthRequests: () => context.authRequests.pending(),
    nextRequest: () => context.requests.next(),
    pendingRequests: () => context.requests.pending(),
    session() {
      const all = context.activeSessions()
      const newest = all[all.length - 1]
      return newest ? context.sessionInfo(newest) : undefined
    },
    sessions: () => context.activeSessions().map(context.sessionInfo),
    selectAccount: (index) => selectAccount(context, index),
    switchChain: (chainId) => switchChain(context, chainId),
    emitAccountsChanged: (accounts) => emitAccountsChanged(context, accounts),
    disconnect: (topic) => disconnect(context, topic),
    async close() {
      if (state.closed) return
      state.closed = true
      const gone = new Error('the wallet is closed')
      for (const waiter of [...context.pairingWaiters.values()]) waiter.reject(gone)
      for (const inbox of [context.proposals, context.authRequests, context.requests]) {
        inbox.close(gone)
      }
      try {
        await client.core.relayer.transportClose()
      } finally {
        client.core.heartbeat.stop()
        client.removeAllListeners('session_proposal')
        client.removeAllListeners('session_authenticate')
        client.removeAllListeners('session_request')
        // The core registered itself globally under its storage prefix; let it go.
        const global = globalThis as Record<string, unknown>
        delete global[`_walletConnectCore_${storagePrefix}`]
        delete global[`_walletConnectCore_${storagePrefix}_count`]
        context.changed()
      }
    },
  }
  return wallet
}

/** The sign-client with the devnet's settings: offline, quick, in memory unless told. */
async function startClient(
  options: CreateDevnetWalletConnectWalletOptions,
  storagePrefix: string,
): Promise<SignClientInstance> {
  const client = await SignClient.init({
    projectId: options.projectId ?? DEVNET_WALLETCONNECT_PROJECT_ID,
    relayUrl: options.relayUrl,
    metadata: {
      name: 'Devnet Mobile Wallet',
      description: 'The Portico devnet WalletConnect wallet',
      url: 'http://127.0.0.1',
      icons: [],
      ...options.metadata,
    },
    storage: options.storage ?? createMemoryStorage(),
    customStoragePrefix: storagePrefix,
    telemetryEnabled: false,
    logger: options.logLevel ?? 'silent',
  })
  // Offline, the hosted verify service only costs time (and a 5 s timer left behind): skip it.
  ;(client.core.verify as unknown as { resolve: () => Promise<undefined> }).resolve = async () =>
    undefined
  // The client waits a second after each answer before it shows the next queued request; a
  // tenth is plenty here and keeps tests quick.
  const engine = client.engine as unknown as { requestQueueDelay?: number }
  if (typeof engine.requestQueueDelay === 'number') engine.requestQueueDelay = 0.1
  return client
}
