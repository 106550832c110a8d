import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { tokenBalance } from '../api/tokenBalance.js'
import type { ChainNamespace } from '../caip/index.js'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import type { AsyncState } from '../kernel/async.js'
import { toPorticoError } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { networkFeature } from '../network/feature.js'
import { TEXT_LIMITS } from '../security/index.js'
import { decimalAmount, displayText, everyOf, object, storedCache } from '../storage/index.js'
import { toastFeature } from '../toast/feature.js'
import {
  BALANCE_CACHE_MS,
  BALANCE_NAMESPACES,
  BALANCE_RETRY_BLOCK_MS,
  NATIVE_BALANCE_CACHE_MS,
} from './constants.js'
import type { TokenStatus } from './deps.js'
import type { NativeBalanceState, TokenBalance } from './types.js'

/** Token loading (the wallet's own assets, the Blockchain API): fetched on first use. */
const loaderCode = lazyModule('balances', () => import('./loading.js'))

/** Native and token balances of the connected accounts (`client.balances`). */
export type BalancesFeature = {
  /** The active account's native balance, read from the chain (cached 30 s). */
  $nativeBalance: ReadableAtom<AsyncState<NativeBalanceState>>
  /**
   * The active account's tokens. Subscribing fetches them (and again when the account or chain
   * changes): cached 30 s, shared by every caller, blocked for 30 s after a failure, empty when
   * the network is not supported.
   */
  $tokenBalances: ReadableAtom<AsyncState<readonly TokenBalance[]>>
  fetchTokenBalances(parameters?: { forceUpdate?: boolean }): Promise<readonly TokenBalance[]>
  /** Reads the native balance from the chain, skipping the cache when `force`. */
  refreshNativeBalance(parameters?: { namespace?: ChainNamespace; force?: boolean }): Promise<void>
}

export type BalancesInternal = BalancesFeature & {
  /** Balance fields per namespace, for the account view; stale ones (another address) left out. */
  $byNamespace: ReadableAtom<
    Partial<
      Record<
        ChainNamespace,
        { balance?: string; balanceSymbol?: string; tokenBalance?: readonly TokenBalance[] }
      >
    >
  >
}

type Held<T> = { caipAddress: string; value: T }

// Caches are read back through the validators their values passed (or would pass) coming in.
const nativeCacheEntry = object({
  formatted: decimalAmount,
  symbol: displayText(TEXT_LIMITS.symbol),
})
// Every cached item passed coming in: one that fails now means the list was tampered with, and
// the whole entry is read fresh.
const tokenList = everyOf(tokenBalance)

/**
 * What the connected accounts hold: the native balance from the chain, the tokens from the wallet
 * (EIP-7811) or the Blockchain API. Shows 'Token Balance Unavailable' when the fetch fails or the
 * network is not supported.
 */
export const balancesFeature = defineFeature({
  name: 'balances',
  needs: [connectionFeature, networkFeature, toastFeature],
  storageKeys: ['portfolio_cache', 'native_balance_cache'],
  create(context): { public: BalancesFeature; internal: BalancesInternal } {
    const connection = context.use(connectionFeature)
    const network = context.use(networkFeature)
    const toast = context.use(toastFeature)
    const { logger, clock } = context
    const balanceCache = storedCache(context.storage, 'portfolio_cache', tokenList)
    const nativeCache = storedCache(context.storage, 'native_balance_cache', nativeCacheEntry)

    const $native = atom<
      Partial<Record<ChainNamespace, Held<{ formatted: string; symbol: string }>>>
    >({})
    const $tokens = atom<Partial<Record<ChainNamespace, Held<readonly TokenBalance[]>>>>({})
    const $tokenStatus = atom<TokenStatus>({ status: 'idle', error: undefined })
    const $nativeStatus = atom<Partial<Record<ChainNamespace, Held<TokenStatus>>>>({})
    const setNativeStatus = (namespace: ChainNamespace, caipAddress: string, status: TokenStatus) =>
      $nativeStatus.set({ ...$nativeStatus.get(), [namespace]: { caipAddress, value: status } })
    const inflight = new Map<string, Promise<readonly TokenBalance[]>>()
    let blockedUntil = Number.NEGATIVE_INFINITY

    const current = (namespace: ChainNamespace) => connection.get(namespace).caipAddress
    const held = <T>(entry: Held<T> | undefined, caipAddress: string | undefined) =>
      entry && caipAddress && entry.caipAddress === caipAddress ? entry.value : undefined

    function setTokens(
      namespace: ChainNamespace,
      caipAddress: string,
      list: readonly TokenBalance[],
    ) {
      $tokens.set({ ...$tokens.get(), [namespace]: { caipAddress, value: list } })
    }
    const heldTokens = (namespace: ChainNamespace, caipAddress: string) =>
      held($tokens.get()[namespace], caipAddress)

    const loader = loaderCode.instance((code) =>
      code.createTokenLoader({
        context,
        // The API's calls come with the loader: nothing before it asks the Blockchain API.
        api: code.createBlockchainApi(context.api.blockchain),
        connection,
        network,
        toast,
        balanceCache,
        $tokenStatus,
        setTokens,
        heldTokens,
        block: () => {
          blockedUntil = clock.now() + BALANCE_RETRY_BLOCK_MS
        },
      }),
    )

    function load(namespace: ChainNamespace, caipAddress: string, forceUpdate: boolean) {
      $tokenStatus.set({ status: 'pending', error: undefined })
      return loader
        .use((part) => part.load(namespace, caipAddress, forceUpdate))
        .catch((cause: unknown) => {
          // Without its code the list cannot load: shown like a failed fetch (nothing is
          // blocked: the next ask fetches the code again).
          logger.error('token balances are unavailable', cause)
          $tokenStatus.set({ status: 'error', error: toPorticoError(cause) })
          toast.showError({ key: 'balances.unavailable' })
          return heldTokens(namespace, caipAddress) ?? []
        })
    }

    function fetchTokenBalances({ forceUpdate = false } = {}): Promise<readonly TokenBalance[]> {
      const namespace = network.$activeNamespace.get()
      const caipAddress = current(namespace)
      if (!caipAddress || !BALANCE_NAMESPACES.includes(namespace)) return Promise.resolve([])
      const known = () => held($tokens.get()[namespace], caipAddress) ?? []
      if (!forceUpdate) {
        const cached = balanceCache.get(caipAddress, BALANCE_CACHE_MS, clock.now())
        if (cached) {
          setTokens(namespace, caipAddress, cached)
          $tokenStatus.set({ status: 'success', error: undefined })
          return Promise.resolve(cached)
        }
      }
      if (clock.now() < blockedUntil) return Promise.resolve(known())
      const key = `${caipAddress}|${forceUpdate}`
      let request = inflight.get(key)
      if (!request) {
        request = load(namespace, caipAddress, forceUpdate).finally(() => inflight.delete(key))
        inflight.set(key, request)
      }
      return request
    }

    async function refreshNativeBalance({
      namespace = network.$activeNamespace.get(),
      force = false,
    }: {
      namespace?: ChainNamespace
      force?: boolean
    } = {}) {
      const { caipAddress, address } = connection.get(namespace)
      const active = connection.getActive(namespace)
      const capability = active?.adapter.balances
      if (!caipAddress || !address || !capability) return
      const chain = network.$walletChains.get()[namespace]
      const target = chain ? network.find(chain) : undefined
      if (!target) return
      const set = (value: { formatted: string; symbol: string }) => {
        $native.set({ ...$native.get(), [namespace]: { caipAddress, value } })
        setNativeStatus(namespace, caipAddress, { status: 'success', error: undefined })
      }
      if (!force) {
        const cached = nativeCache.get(caipAddress, NATIVE_BALANCE_CACHE_MS, clock.now())
        if (cached) {
          set(cached)
          return
        }
      }
      setNativeStatus(namespace, caipAddress, { status: 'pending', error: undefined })
      try {
        const balance = await capability.getNativeBalance(address, target)
        const value = { formatted: balance.formatted, symbol: balance.symbol }
        nativeCache.set(caipAddress, value, clock.now())
        set(value)
      } catch (error) {
        logger.error(`could not read the ${target.name} balance`, error)
        setNativeStatus(namespace, caipAddress, { status: 'error', error: toPorticoError(error) })
      }
    }

    // A wallet that connects, comes back, or moves to another account or chain: read its balance.
    context.onDestroy(
      context.events.on(connectionEvent, (event) => {
        if (event.type !== 'disconnected') {
          void refreshNativeBalance({ namespace: event.namespace })
        }
      }),
    )

    const $activeCaip = connection.$caipAddress
    const $tokenBalances = computed(
      [$tokens, $tokenStatus, network.$activeNamespace, $activeCaip],
      (tokens, status, namespace, caipAddress): AsyncState<readonly TokenBalance[]> => {
        const data = held(tokens[namespace], caipAddress)
        return {
          status: status.status,
          data,
          error: status.error,
          isPending: status.status === 'pending',
        }
      },
    )
    // Fetch on use: while something shows it, follow the connected account (and its chain).
    const $connectedAt = computed(connection.$connection, (state) =>
      state.status === 'connected' ? state.caipAddress : undefined,
    )
    onMount($tokenBalances, () =>
      $connectedAt.subscribe((caipAddress) => {
        if (caipAddress) void fetchTokenBalances()
      }),
    )

    const feature: BalancesFeature = {
      $nativeBalance: computed(
        [$native, $nativeStatus, network.$activeNamespace, $activeCaip],
        (native, statuses, namespace, caipAddress): AsyncState<NativeBalanceState> => {
          const value = held(native[namespace], caipAddress)
          const status = held(statuses[namespace], caipAddress) ?? {
            status: 'idle',
            error: undefined,
          }
          return {
            ...status,
            data: value ? { balance: value.formatted, symbol: value.symbol } : undefined,
            isPending: status.status === 'pending',
          }
        },
      ),
      $tokenBalances,
      fetchTokenBalances,
      refreshNativeBalance,
    }
    return {
      public: feature,
      internal: {
        ...feature,
        $byNamespace: computed(
          [$native, $tokens, connection.$connections],
          (native, tokens, connections) => {
            const out: ReturnType<BalancesInternal['$byNamespace']['get']> = {}
            for (const [namespace, state] of Object.entries(connections)) {
              const ns = namespace as ChainNamespace
              const value = held(native[ns], state?.caipAddress)
              out[ns] = {
                balance: value?.formatted,
                balanceSymbol: value?.symbol,
                tokenBalance: held(tokens[ns], state?.caipAddress),
              }
            }
            return out
          },
        ),
      },
    }
  },
})
