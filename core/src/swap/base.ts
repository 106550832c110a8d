import type { CaipNetworkId } from '../caip/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { LazyContext } from '../kernel/feature.js'
import * as kit from '../kit.js'
import { parseDecimal } from '../kit.js'
import { createSwapApi } from './api.js'
import { createProblems } from './problems.js'
import { createQuoteMath, type NativeToken } from './quote.js'
import { isNativeAddress } from './tokens.js'
import type { SwapShell, SwapState } from './types.js'

/**
 * What every part of the swap's heavy half shares: the shell's stores and siblings, the API, how
 * failures read, the quote's math, and the account and chain the swap happens on.
 */
export type SwapBase = ReturnType<typeof createSwapBase>

/** A store's value without mounting it (every swap store is an atom made with its first value). */
export const peek = <T>(store: { readonly value: T | undefined }): T => store.value as T

export function createSwapBase(context: LazyContext, shell: SwapShell) {
  const { logger } = context
  const { stores, network, connection, balances } = shell
  const networks = new Set(shell.networks)
  const problems = createProblems(kit)
  const patch = (next: Partial<SwapState>) => stores.$state.set({ ...stores.$state.get(), ...next })

  /** The chain swaps happen on: the wallet's, else the app's EVM network; undefined off the list. */
  function currentChain(): CaipNetworkId | undefined {
    const chain = network.$walletChains.get().eip155 ?? network.$activeNetworks.get().eip155?.id
    return chain && networks.has(chain) ? chain : undefined
  }

  function account() {
    const { address, caipAddress } = connection.get('eip155')
    return address && caipAddress ? { address, caipAddress } : undefined
  }

  function nativeToken(chainId: CaipNetworkId): NativeToken {
    const currency = network.find(chainId)?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
    const listed = peek(stores.$tokens).data?.tokens.find((token) => isNativeAddress(token.address))
    return {
      symbol: currency.symbol,
      decimals: currency.decimals,
      price: listed?.chainId === chainId ? listed.price : 0,
    }
  }

  /** The wallet's native balance on `chainId`, when known. */
  function nativeBalance(chainId: CaipNetworkId): bigint | undefined {
    const held = balances.$nativeBalance.get().data
    if (!held || network.$walletChains.get().eip155 !== chainId) return undefined
    return parseDecimal(held.balance, nativeToken(chainId).decimals)
  }

  return {
    ...shell,
    kit,
    logger,
    onDestroy: context.onDestroy,
    api: createSwapApi(context.api.blockchain, networks, kit),
    problems,
    math: createQuoteMath(),
    patch,
    failed: <T>(cause: unknown): AsyncState<T> => ({
      status: 'error',
      data: undefined,
      error: problems.asError(cause),
      isPending: false,
    }),
    currentChain,
    account,
    nativeToken,
    nativeBalance,
  }
}
