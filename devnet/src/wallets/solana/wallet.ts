import { getAddressEncoder } from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import {
  type IdentifierString,
  ReadonlyWalletAccount,
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsChangeProperties,
  type StandardEventsFeature,
  WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED,
  type Wallet,
  type WalletAccount,
  WalletStandardError,
} from '@wallet-standard/core'
import {
  keyPairFromSeed,
  mnemonicToSeed,
  type SolanaKeyPair,
  solanaPath,
} from '../../chains/solana/keys.js'
import { consent, createApprovalQueue } from '../shared/approvals.js'
import { createListeners, loadSaved, save, savedIndex } from '../shared/state.js'
import { DEVNET_SOLANA_WALLET_ICON } from './icon.js'
import { createSolanaSigning } from './signing.js'
import type {
  DevnetSolanaWalletChain,
  DevnetSolanaWalletCore,
  DevnetSolanaWalletOptions,
} from './types.js'

export type {
  DevnetSolanaWalletChain,
  DevnetSolanaWalletCore,
  DevnetSolanaWalletOptions,
  SolanaPendingApproval,
  SolanaWalletSnapshot,
} from './types.js'

export const DEVNET_SOLANA_WALLET_NAME = 'Devnet Solana Wallet'
const DEFAULT_STORAGE_KEY = 'portico-devnet-solana-wallet'
const DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk'

type PersistedState = { authorized: boolean; accountIndex: number; chainId: string }

/** The error every refusal by the person is: the Wallet Standard's "user rejected". */
export function userRejected(): WalletStandardError {
  const error = new WalletStandardError(WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)
  // Apps written against EIP-1193 and Phantom look for code 4001.
  Object.defineProperty(error, 'code', { value: 4001, enumerable: true })
  return error
}

/**
 * The Devnet Solana Wallet without DOM: keys from the devnet mnemonic, what it remembers per site,
 * the requests waiting for consent, and the Wallet Standard wallet object (standard:connect,
 * standard:disconnect, standard:events, solana:signMessage, solana:signTransaction,
 * solana:signAndSendTransaction). It exposes one account, the selected one, on the selected
 * chain, like the EVM Devnet Wallet.
 */
export function createDevnetSolanaWalletCore(
  options: DevnetSolanaWalletOptions,
): DevnetSolanaWalletCore {
  if (options.chains.length === 0) throw new Error('the devnet Solana wallet needs a chain')
  const chains = [...options.chains]
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY
  const origin = options.origin ?? globalThis.location?.origin ?? 'unknown origin'
  const accountCount = options.accountCount ?? 2
  const saved = loadSaved<PersistedState>(storageKey)
  const state: PersistedState = {
    authorized: saved.authorized === true,
    accountIndex: savedIndex(saved.accountIndex, accountCount),
    chainId: chains.some((c) => c.id === saved.chainId)
      ? (saved.chainId as string)
      : (chains[0] as DevnetSolanaWalletChain).id,
  }

  let keys: SolanaKeyPair[] = []
  const ready = (async () => {
    const seed = await mnemonicToSeed(options.mnemonic ?? DEFAULT_MNEMONIC)
    keys = await Promise.all(
      Array.from({ length: accountCount }, (_, i) => keyPairFromSeed(seed, solanaPath(i))),
    )
    changed(false)
  })()

  const subscribers = createListeners('devnet solana wallet')
  const changeListeners = createListeners<[StandardEventsChangeProperties]>('devnet solana wallet')
  const approvals = createApprovalQueue({
    ...(options.autoApprove ? { autoApprove: true } : {}),
    changed: () => subscribers.notify(),
  })

  function changed(persist = true) {
    if (persist) save(storageKey, state)
    subscribers.notify()
  }

  const emitChange = changeListeners.notify

  const chain = () => chains.find((c) => c.id === state.chainId) as DevnetSolanaWalletChain
  const chainNames = (c: DevnetSolanaWalletChain) => [c.id, ...(c.aliases ?? [])]
  const allChainNames = () => chains.flatMap(chainNames)
  const features = [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction] as const

  // One WalletAccount object per key and chain, so apps can compare them by identity.
  const accountObjects = new Map<string, ReadonlyWalletAccount>()
  function walletAccount(index: number): ReadonlyWalletAccount | undefined {
    const key = keys[index]
    if (!key) return undefined
    const cacheKey = `${index}:${state.chainId}`
    let account = accountObjects.get(cacheKey)
    if (!account) {
      account = new ReadonlyWalletAccount({
        address: key.address,
        publicKey: new Uint8Array(getAddressEncoder().encode(key.address)),
        chains: chainNames(chain()),
        features,
        label: `Account ${index + 1}`,
      })
      accountObjects.set(cacheKey, account)
    }
    return account
  }
  const exposedAccounts = (): WalletAccount[] => {
    const account = state.authorized ? walletAccount(state.accountIndex) : undefined
    return account ? [account] : []
  }

  const approval = (method: string, title: string, details: string[]) =>
    consent(approvals, { method, title, details }, userRejected)

  /** The key behind an input's account, if the site may use it. */
  function signer(account: WalletAccount | undefined): SolanaKeyPair {
    const key = keys.find((k) => k.address === account?.address)
    if (!key || !state.authorized) {
      throw new Error('The account is not connected to this site.')
    }
    return key
  }

  function chainFor(id: IdentifierString | undefined): DevnetSolanaWalletChain {
    if (id === undefined) return chain()
    const found = chains.find((c) => chainNames(c).includes(id))
    if (!found) throw new Error(`The wallet does not know the chain ${id}.`)
    return found
  }

  let connecting: Promise<void> | undefined
  async function connect(input?: { silent?: boolean }) {
    await ready
    if (!state.authorized && !input?.silent) {
      connecting ??= approval('standard:connect', 'Connect to this site', [
        `Site: ${origin}`,
        `Account: ${keys[state.accountIndex]?.address}`,
        `Network: ${chain().name} (${chain().id})`,
      ]).finally(() => {
        connecting = undefined
      })
      await connecting
      if (!state.authorized) {
        state.authorized = true
        changed()
        emitChange({ accounts: exposedAccounts() })
      }
    }
    return { accounts: exposedAccounts() }
  }

  const { signMessage, signTransaction, signAndSendTransaction } = createSolanaSigning({
    origin,
    ready,
    signer,
    chainFor,
    approval,
  })

  function revoke() {
    if (!state.authorized) return
    state.authorized = false
    changed()
    emitChange({ accounts: [] })
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: DEVNET_SOLANA_WALLET_NAME,
    icon: DEVNET_SOLANA_WALLET_ICON,
    get chains() {
      return allChainNames()
    },
    get accounts() {
      return exposedAccounts()
    },
    features: {
      [StandardConnect]: { version: '1.0.0', connect },
      [StandardDisconnect]: {
        version: '1.0.0',
        async disconnect() {
          revoke()
        },
      },
      [StandardEvents]: {
        version: '1.0.0',
        on(event, listener) {
          if (event !== 'change') return () => {}
          return changeListeners.add(listener)
        },
      },
      [SolanaSignMessage]: { version: '1.1.0', signMessage },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction,
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction,
      },
    } satisfies StandardConnectFeature &
      StandardDisconnectFeature &
      StandardEventsFeature &
      SolanaSignMessageFeature &
      SolanaSignTransactionFeature &
      SolanaSignAndSendTransactionFeature,
  }

  return {
    wallet,
    ready,
    snapshot: () => ({
      accounts: keys.map((k) => k.address),
      accountIndex: state.accountIndex,
      chains: [...chains],
      chainId: state.chainId as IdentifierString,
      authorized: state.authorized,
      origin,
      pending: approvals.pending(),
    }),
    subscribe: subscribers.add,
    selectAccount(index) {
      if (index === state.accountIndex || index < 0 || index >= accountCount) return
      state.accountIndex = index
      changed()
      if (state.authorized) emitChange({ accounts: exposedAccounts() })
    },
    selectChain(chainId) {
      if (chainId === state.chainId || !chains.some((c) => c.id === chainId)) return
      state.chainId = chainId
      changed()
      if (state.authorized) emitChange({ accounts: exposedAccounts() })
    },
    disconnectSite: revoke,
    rejectPending: approvals.rejectAll,
  }
}
