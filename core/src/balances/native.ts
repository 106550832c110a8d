import type { WritableAtom } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'
import type { LazyContext } from '../kernel/feature.js'
import * as kit from '../kit.js'
import { decimalAmount, displayText, object, storedCache, TEXT_LIMITS } from '../kit.js'
import type { HeldBy } from './held.js'
import type { BalancesHalf, BalancesShell } from './parts.js'
import type { TokenStatus } from './tokens.js'
import { NATIVE_BALANCE_CACHE_MS } from './tuning.js'

/** A native balance as cached: whole units and the symbol. */
export type NativeValue = { formatted: string; symbol: string }

// Read back through the validators its values passed coming in.
const nativeCacheEntry = object({
  formatted: decimalAmount,
  symbol: displayText(TEXT_LIMITS.symbol),
})

/** The native balance of a connected account, read from the chain and cached 30 s. */
export function createNativeBalances(
  context: LazyContext,
  { connection, network }: BalancesShell,
  $native: WritableAtom<HeldBy<NativeValue>>,
  $nativeStatus: WritableAtom<HeldBy<TokenStatus>>,
): BalancesHalf['refreshNativeBalance'] {
  const { logger, clock } = context
  const nativeCache = storedCache(context.storage, 'native_balance_cache', nativeCacheEntry)
  const setStatus = (namespace: ChainNamespace, caipAddress: string, status: TokenStatus) =>
    $nativeStatus.set({ ...$nativeStatus.get(), [namespace]: { caipAddress, value: status } })

  return async ({ namespace = network.$activeNamespace.get(), force = false } = {}) => {
    const { caipAddress, address } = connection.get(namespace)
    const capability = connection.getActive(namespace)?.adapter.balances
    if (!caipAddress || !address || !capability) return
    const chain = network.$walletChains.get()[namespace]
    const target = chain ? network.find(chain) : undefined
    if (!target) return
    const set = (value: NativeValue) => {
      $native.set({ ...$native.get(), [namespace]: { caipAddress, value } })
      setStatus(namespace, caipAddress, { status: 'success', error: undefined })
    }
    if (!force) {
      const cached = nativeCache.get(caipAddress, NATIVE_BALANCE_CACHE_MS, clock.now())
      if (cached) {
        set(cached)
        return
      }
    }
    setStatus(namespace, caipAddress, { status: 'pending', error: undefined })
    try {
      const balance = await capability.getNativeBalance(address, target)
      const value = { formatted: balance.formatted, symbol: balance.symbol }
      nativeCache.set(caipAddress, value, clock.now())
      set(value)
    } catch (error) {
      logger.error(`could not read the ${target.name} balance`, error)
      setStatus(namespace, caipAddress, { status: 'error', error: kit.toPorticoError(error) })
    }
  }
}
