import type { WritableAtom } from 'nanostores'
import { createBlockchainApi, type SupportedChains } from '../api/blockchain.js'
import { tokenBalance } from '../api/tokenBalance.js'
import type { ChainNamespace } from '../caip/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { LazyContext } from '../kernel/feature.js'
import * as kit from '../kit.js'
import { everyOf, parseCaipAddress, storedCache } from '../kit.js'
import { type HeldBy, held } from './held.js'
import type { BalancesShell } from './parts.js'
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from './tuning.js'
import type { TokenBalance } from './types.js'
import { assetToTokenBalance, parseWalletAssets } from './walletAssets.js'

/** Where a list is. */
export type TokenStatus = Pick<AsyncState<unknown>, 'status' | 'error'>

// Every cached item passed coming in: one that fails now means the list was tampered with, and
// the whole entry is read fresh.
const tokenList = everyOf(tokenBalance)

/**
 * The active account's tokens: from the wallet itself (EIP-7811 `wallet_getAssets`) when it
 * offers them and they validate, else from the Blockchain API on the chains it supports. Cached
 * 30 s, one request shared by every caller, nothing asked for 30 s after a failure.
 */
export function createTokenBalances(
  context: LazyContext,
  { connection, network, toast, namespaces }: BalancesShell,
  $tokens: WritableAtom<HeldBy<readonly TokenBalance[]>>,
  $tokenStatus: WritableAtom<TokenStatus>,
) {
  const { logger, clock } = context
  // The API's calls come with this half: nothing before it asks the Blockchain API.
  const api = createBlockchainApi(context.api.blockchain)
  const balanceCache = storedCache(context.storage, 'portfolio_cache', tokenList)
  const inflight = new Map<string, Promise<readonly TokenBalance[]>>()
  const withoutAssetDiscovery = new Set<string>()
  let blockedUntil = Number.NEGATIVE_INFINITY
  let supportedChains: Promise<SupportedChains> | undefined

  const setStatus = (status: TokenStatus['status'], error?: TokenStatus['error']) =>
    $tokenStatus.set({ status, error })
  const setTokens = (
    namespace: ChainNamespace,
    caipAddress: string,
    list: readonly TokenBalance[],
  ) => $tokens.set({ ...$tokens.get(), [namespace]: { caipAddress, value: list } })
  const heldTokens = (namespace: ChainNamespace, caipAddress: string) =>
    held($tokens.get()[namespace], caipAddress) ?? []

  function getSupportedChains() {
    supportedChains ??= api.getSupportedChains().catch((error) => {
      supportedChains = undefined
      throw error
    })
    return supportedChains
  }

  function keep(namespace: ChainNamespace, caipAddress: string, list: readonly TokenBalance[]) {
    // Tokens with 0 decimals are dropped as low quality.
    const kept = list.filter((balance) => balance.quantity.decimals !== '0')
    balanceCache.set(caipAddress, kept, clock.now())
    setTokens(namespace, caipAddress, kept)
    setStatus('success')
    return kept
  }

  /** Assets from the wallet itself (EIP-7811), when it offers them and they validate. */
  async function walletAssets(namespace: ChainNamespace, address: string, networkId: string) {
    const active = connection.getActive(namespace)
    const target = network.find(networkId)
    const getAssets = active?.adapter.balances?.getWalletAssets
    if (!active || !getAssets || !target) return undefined
    const key = `${active.connector.id}|${networkId}`
    if (withoutAssetDiscovery.has(key)) return undefined
    try {
      const answer = await getAssets(active.connector, address, target)
      if (!answer) {
        withoutAssetDiscovery.add(key)
        return undefined
      }
      const assets = parseWalletAssets(answer.response, answer.chainKey)
      if (!assets) {
        logger.warn('the wallet answered wallet_getAssets with an invalid response; using the API')
        return undefined
      }
      return assets.map((asset) => assetToTokenBalance(asset, networkId))
    } catch (error) {
      logger.warn('wallet_getAssets failed; using the API', error)
      return undefined
    }
  }

  async function load(namespace: ChainNamespace, caipAddress: string, forceUpdate: boolean) {
    setStatus('pending')
    const { namespace: ns, chainId, address } = parseCaipAddress(caipAddress)
    const networkId = `${ns}:${chainId}`
    const fromWallet = await walletAssets(namespace, address, networkId)
    if (fromWallet) return keep(namespace, caipAddress, fromWallet)
    try {
      const supported = await getSupportedChains()
      if (!supported.http.includes(networkId)) {
        // Calls to the data API are skipped, with an empty result, off the supported chains.
        setStatus('success')
        toast.showError({ key: 'balances.unavailable' })
        return []
      }
      const list = await api.getTokenBalances({ address, chainId: networkId, forceUpdate })
      return keep(namespace, caipAddress, list)
    } catch (cause) {
      logger.error('token balances are unavailable', cause)
      blockedUntil = clock.now() + BALANCE_RETRY_BLOCK_MS
      setStatus('error', kit.toPorticoError(cause))
      toast.showError({ key: 'balances.unavailable' })
      return heldTokens(namespace, caipAddress)
    }
  }

  function fetch({ forceUpdate = false } = {}): Promise<readonly TokenBalance[]> {
    const namespace = network.$activeNamespace.get()
    const caipAddress = connection.get(namespace).caipAddress
    if (!caipAddress || !namespaces.includes(namespace)) return Promise.resolve([])
    if (!forceUpdate) {
      const cached = balanceCache.get(caipAddress, BALANCE_CACHE_MS, clock.now())
      if (cached) {
        setTokens(namespace, caipAddress, cached)
        setStatus('success')
        return Promise.resolve(cached)
      }
    }
    if (clock.now() < blockedUntil) return Promise.resolve(heldTokens(namespace, caipAddress))
    const key = `${caipAddress}|${forceUpdate}`
    let request = inflight.get(key)
    if (!request) {
      request = load(namespace, caipAddress, forceUpdate).finally(() => inflight.delete(key))
      inflight.set(key, request)
    }
    return request
  }

  // While the list is shown, it follows the connected account (and its chain).
  const $connectedAt = context.computed(connection.$connection, (state) =>
    state.status === 'connected' ? state.caipAddress : undefined,
  )
  const follow = () =>
    $connectedAt.subscribe((caipAddress) => {
      if (caipAddress) void fetch()
    })

  return { fetch, follow }
}
