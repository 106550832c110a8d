import type { CaipNetworkId } from '../caip/index.js'
import type { ApiSwapToken } from './api.js'
import { peek, type SwapBase } from './base.js'
import { buildTokenLists, isNativeAddress, sameToken } from './tokens.js'
import type { SwapToken } from './types.js'

/**
 * The token lists of the chain the swap happens on, while something shows them: asked when first
 * shown and again on another chain; what the account holds and the prices follow. The form's
 * tokens belong to one chain and go when it changes.
 */
export function createTokenLists(base: SwapBase) {
  const { stores, network, balances, api, kit, logger, patch } = base
  const { $tokens, $state } = stores
  let listed: { chainId: string; tokens: ApiSwapToken[]; prices: Map<string, number> } = {
    chainId: '',
    tokens: [],
    prices: new Map(),
  }
  let request = 0

  /** The lists again (new balances or prices); the form's tokens follow, the native one by default. */
  function publish() {
    const chainId = base.currentChain()
    if (!chainId || listed.chainId !== chainId) return
    const lists = buildTokenLists({
      chainId,
      tokens: listed.tokens,
      prices: listed.prices,
      balances: balances.$tokenBalances.get().data,
    })
    $tokens.set(kit.successState(lists))
    const fresh = (token: SwapToken | undefined) =>
      token && lists.tokens.find((candidate) => sameToken(candidate, token))
    const { source, target } = $state.get()
    patch({
      source: fresh(source) ?? source ?? lists.tokens.find((t) => isNativeAddress(t.address)),
      target: fresh(target) ?? target,
    })
  }

  async function load(chainId: CaipNetworkId | undefined) {
    const mine = ++request
    if (!chainId) {
      $tokens.set(base.failed(new kit.PorticoError('SWAP_NETWORK_NOT_SUPPORTED')))
      return
    }
    const known = listed.chainId === chainId ? peek($tokens).data : undefined
    $tokens.set({ ...kit.pendingState(kit.idleState()), data: known })
    try {
      const tokens = await api.getTokens(chainId)
      // Prices make the figures richer; without them the list still works.
      const prices = await api.getPrices(tokens.map((token) => token.address)).catch((error) => {
        logger.warn('swap token prices are unavailable', error)
        return new Map<string, number>()
      })
      if (mine !== request) return
      listed = { chainId, tokens, prices }
      publish()
    } catch (error) {
      if (mine !== request) return
      logger.error('the swap tokens could not be loaded', error)
      $tokens.set({ ...base.failed(base.problems.apiProblem(error, '')), data: known })
    }
  }

  /** The form's tokens belong to one chain: on another chain they go. */
  function followChain(chainId: CaipNetworkId | undefined) {
    const { source, target } = $state.get()
    if ((source && source.chainId !== chainId) || (target && target.chainId !== chainId)) {
      patch({ source: undefined, target: undefined, amount: '' })
    }
  }

  /** Follows the lists while they are shown; returns the stop. */
  return function followTokens(): () => void {
    let chain = base.currentChain()
    followChain(chain)
    if (listed.chainId !== chain || peek($tokens).status !== 'success') void load(chain)
    const onChain = () => {
      const next = base.currentChain()
      if (next === chain) return
      chain = next
      followChain(chain)
      void load(chain)
    }
    const stops = [
      network.$walletChains.listen(onChain),
      network.$activeNetworks.listen(onChain),
      // Subscribing is what fetches the balances too (they load on use).
      balances.$tokenBalances.subscribe(publish),
    ]
    return () => {
      request++ // an answer for a list nobody shows is dropped
      for (const stop of stops) stop()
    }
  }
}
