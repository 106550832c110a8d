import type { SupportedChains } from '../api/index.js'

// The API's calls load with this half (the shell only reads its cache back).
export { createBlockchainApi } from '../api/blockchain.js'

import type { ChainNamespace } from '../caip/index.js'
import { parseCaipAddress, toPorticoError } from '../kernel/lazyShared.js'
import type { BalancesDeps } from './deps.js'
import type { TokenBalance } from './types.js'
import { assetToTokenBalance, parseWalletAssets } from './walletAssets.js'

/**
 * Token balances' loading (fetched the first time tokens are asked for and not cached): from the
 * wallet itself (EIP-7811 `wallet_getAssets`) when it offers them and they validate, else from
 * the Blockchain API on the chains it supports. Answers go into the shell's stores and cache.
 */
export function createTokenLoader({
  context,
  api,
  connection,
  network,
  toast,
  balanceCache,
  $tokenStatus,
  setTokens,
  heldTokens,
  block,
}: BalancesDeps) {
  const { logger, clock } = context
  let supportedChains: Promise<SupportedChains> | undefined
  const withoutAssetDiscovery = new Set<string>()

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
    $tokenStatus.set({ status: 'success', error: undefined })
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

  /** Loads the tokens of `caipAddress` (the shell already set the status to pending). */
  async function load(namespace: ChainNamespace, caipAddress: string, forceUpdate: boolean) {
    const { namespace: ns, chainId, address } = parseCaipAddress(caipAddress)
    const networkId = `${ns}:${chainId}`
    const fromWallet = await walletAssets(namespace, address, networkId)
    if (fromWallet) return keep(namespace, caipAddress, fromWallet)
    try {
      const supported = await getSupportedChains()
      if (!supported.http.includes(networkId)) {
        // Calls to the data API are skipped, with an empty result, off the supported chains.
        $tokenStatus.set({ status: 'success', error: undefined })
        toast.showError({ key: 'balances.unavailable' })
        return []
      }
      const list = await api.getTokenBalances({ address, chainId: networkId, forceUpdate })
      return keep(namespace, caipAddress, list)
    } catch (cause) {
      logger.error('token balances are unavailable', cause)
      block()
      $tokenStatus.set({ status: 'error', error: toPorticoError(cause) })
      toast.showError({ key: 'balances.unavailable' })
      return heldTokens(namespace, caipAddress) ?? []
    }
  }

  return { load }
}
