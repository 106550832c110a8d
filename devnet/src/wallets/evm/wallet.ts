import { type Address, numberToHex } from 'viem'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import { consent, createApprovalQueue } from '../shared/approvals.js'
import { createListeners, loadSaved, save, savedIndex } from '../shared/state.js'
import { parseAddChain, parseChainId } from './chainParams.js'
import {
  invalidParams,
  ProviderRpcError,
  unrecognizedChain,
  unsupportedMethod,
  userRejected,
} from './errors.js'
import { createProviderEvents } from './events.js'
import { READ_METHODS, rpcCall } from './rpc.js'
import { createSigning } from './signing.js'
import type {
  DevnetProvider,
  DevnetWalletChain,
  DevnetWalletCore,
  DevnetWalletOptions,
  RequestArguments,
} from './types.js'

export type { DevnetWalletCore, DevnetWalletOptions } from './types.js'

export const DEVNET_WALLET_MNEMONIC = 'test test test test test test test test test test test junk'
const DEFAULT_STORAGE_KEY = 'portico-devnet-wallet'

/** What the wallet remembers per site, like an extension does, so a reload stays connected. */
type PersistedState = {
  authorized: boolean
  accountIndex: number
  chainId: number
  addedChains: DevnetWalletChain[]
}

/**
 * The dev wallet without any DOM: keys, state, the EIP-1193 provider and a queue of requests
 * waiting for consent. `installDevnetWallet` adds the EIP-6963 announcement and the prompt UI.
 */
export function createDevnetWalletCore(options: DevnetWalletOptions): DevnetWalletCore {
  if (options.chains.length === 0) throw new Error('the devnet wallet needs at least one chain')
  const mnemonic = options.mnemonic ?? DEVNET_WALLET_MNEMONIC
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY
  const origin = options.origin ?? globalThis.location?.origin ?? 'unknown origin'
  const accounts: HDAccount[] = Array.from({ length: options.accountCount ?? 2 }, (_, i) =>
    mnemonicToAccount(mnemonic, { addressIndex: i }),
  )

  const saved = loadSaved<PersistedState>(storageKey)
  const chains: DevnetWalletChain[] = [...options.chains]
  for (const added of saved.addedChains ?? []) {
    if (!chains.some((c) => c.chainId === added.chainId)) chains.push(added)
  }
  const state: PersistedState = {
    authorized: saved.authorized === true,
    accountIndex: savedIndex(saved.accountIndex, accounts.length),
    chainId: chains.some((c) => c.chainId === saved.chainId)
      ? (saved.chainId as number)
      : (chains[0] as DevnetWalletChain).chainId,
    addedChains: chains.filter((c) => !options.chains.some((o) => o.chainId === c.chainId)),
  }

  const events = createProviderEvents()
  const emit = events.emit
  const subscribers = createListeners('devnet wallet')
  const approvals = createApprovalQueue({
    ...(options.autoApprove ? { autoApprove: true } : {}),
    changed: () => subscribers.notify(),
  })
  // After a wallet-side disconnect, the next approval reconnects and says so with 'connect'.
  let disconnected = false

  function changed() {
    save(storageKey, state)
    subscribers.notify()
  }

  const account = () => accounts[state.accountIndex] as HDAccount
  const chain = () => chains.find((c) => c.chainId === state.chainId) as DevnetWalletChain
  const chainIdHex = () => numberToHex(state.chainId)
  const exposedAccounts = (): Address[] => (state.authorized ? [account().address] : [])

  /** Resolves once the request is approved; rejects with 4001 when it is rejected. */
  const approval = (method: string, title: string, details: string[]) =>
    consent(approvals, { method, title, details }, userRejected)
  const { personalSign, signTypedData, sendTransaction } = createSigning({
    origin,
    accounts,
    authorized: () => state.authorized,
    account,
    chain,
    approval,
  })

  function authorize() {
    if (state.authorized) return
    state.authorized = true
    changed()
    if (disconnected) {
      disconnected = false
      emit('connect', { chainId: chainIdHex() })
    }
    emit('accountsChanged', exposedAccounts())
  }

  function revoke() {
    if (!state.authorized) return
    state.authorized = false
    changed()
    emit('accountsChanged', [])
  }

  function permissions() {
    if (!state.authorized) return []
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: origin,
        caveats: [{ type: 'restrictReturnedAccounts', value: exposedAccounts() }],
      },
    ]
  }

  // One connection prompt at a time: a second eth_requestAccounts waits for the same answer.
  let connecting: Promise<void> | undefined
  async function requestAccounts(): Promise<Address[]> {
    if (!state.authorized) {
      connecting ??= approval('eth_requestAccounts', 'Connect to this site', [
        `Site: ${origin}`,
        `Account: ${account().address}`,
        `Network: ${chain().name} (${state.chainId})`,
      ]).finally(() => {
        connecting = undefined
      })
      await connecting
      authorize()
    }
    return exposedAccounts()
  }

  function switchTo(chainId: number) {
    if (chainId === state.chainId) return
    state.chainId = chainId
    changed()
    emit('chainChanged', chainIdHex())
  }

  async function addChain(params: unknown[]): Promise<null> {
    const parsed = parseAddChain(params, (id) => chains.some((c) => c.chainId === id))
    if (!parsed) return null
    const { chainId, name, rpcUrl } = parsed
    await approval('wallet_addEthereumChain', 'Add a network', [
      `Site: ${origin}`,
      `Network: ${name}`,
      `Chain ID: ${chainId}`,
      `RPC URL: ${rpcUrl}`,
    ])
    const added = { chainId, name, rpcUrl }
    chains.push(added)
    state.addedChains.push(added)
    changed()
    return null
  }

  async function request({ method, params }: RequestArguments): Promise<unknown> {
    const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
    switch (method) {
      case 'eth_requestAccounts':
        return requestAccounts()
      case 'eth_accounts':
        return exposedAccounts()
      case 'eth_chainId':
        return chainIdHex()
      case 'net_version':
        return String(state.chainId)
      case 'wallet_requestPermissions':
        await requestAccounts()
        return permissions()
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_revokePermissions':
        revoke()
        return null
      case 'wallet_switchEthereumChain': {
        const chainId = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!chains.some((c) => c.chainId === chainId))
          throw unrecognizedChain(numberToHex(chainId))
        switchTo(chainId)
        return null
      }
      case 'wallet_addEthereumChain':
        return addChain(list)
      case 'personal_sign':
        return personalSign(list)
      case 'eth_signTypedData_v4':
        return signTypedData(list)
      case 'eth_sendTransaction':
        return sendTransaction(list)
      default:
        if (READ_METHODS.has(method)) return rpcCall(chain().rpcUrl, method, list)
        throw unsupportedMethod(method)
    }
  }

  const provider: DevnetProvider = {
    isDevnetWallet: true,
    async request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        throw invalidParams('request expects { method, params }')
      }
      try {
        return await request(args)
      } catch (error) {
        if (error instanceof ProviderRpcError) throw error
        throw new ProviderRpcError(-32603, error instanceof Error ? error.message : String(error))
      }
    },
    on(event, listener) {
      events.add(event, listener)
      return provider
    },
    removeListener(event, listener) {
      events.remove(event, listener)
      return provider
    },
  }

  // EIP-1193: announce the chain once listeners had a chance to attach.
  queueMicrotask(() => emit('connect', { chainId: chainIdHex() }))

  return {
    provider,
    snapshot: () => ({
      accounts: accounts.map((a) => a.address),
      accountIndex: state.accountIndex,
      chains: [...chains],
      chainId: state.chainId,
      authorized: state.authorized,
      origin,
      pending: approvals.pending(),
    }),
    subscribe: subscribers.add,
    selectAccount(index) {
      if (!accounts[index] || index === state.accountIndex) return
      state.accountIndex = index
      changed()
      if (state.authorized) emit('accountsChanged', exposedAccounts())
    },
    selectChain(chainId) {
      if (!chains.some((c) => c.chainId === chainId)) return
      switchTo(chainId)
    },
    rejectPending: approvals.rejectAll,
    disconnectSite() {
      const wasAuthorized = state.authorized
      revoke()
      if (wasAuthorized) {
        disconnected = true
        emit('disconnect', new ProviderRpcError(4900, 'The wallet disconnected from this site.'))
      }
    },
  }
}
