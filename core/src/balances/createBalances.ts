import { atom, type ReadableAtom } from 'nanostores'
import type { AccountFeature, TokenBalance } from '../account/index.js'
import { tokenBalance } from '../api/blockchain.js'
import type { BlockchainApi, SupportedChains } from '../api/index.js'
import { type ChainNamespace, parseCaipAddress } from '../caip/index.js'
import type { ConnectionFeature } from '../connection/index.js'
import {
  BALANCE_CACHE_MS,
  BALANCE_RETRY_BLOCK_MS,
  NATIVE_BALANCE_CACHE_MS,
} from '../constants/index.js'
import { userMessages } from '../errors/index.js'
import type { Logger } from '../logger/index.js'
import type { NetworkFeature } from '../network/index.js'
import type { PorticoStorage } from '../storage/index.js'
import { arrayOf, object, string } from '../storage/validators.js'
import type { ToastFeature } from '../toast/index.js'
import { assetToTokenBalance, parseWalletAssets } from './walletAssets.js'

/** Spec §9: balances exist for these namespaces only. */
export const BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

export type TokenBalancesStatus = 'idle' | 'loading' | 'success' | 'error'

export type BalancesFeature = {
  $tokenBalancesStatus: ReadableAtom<TokenBalancesStatus>
  /**
   * Token balances of the active account from the Blockchain API: cached 30 s, shared by
   * concurrent callers, blocked for 30 s after a failure. Empty when the network is not supported.
   */
  fetchTokenBalances(parameters?: { forceUpdate?: boolean }): Promise<readonly TokenBalance[]>
  /** The native balance from the chain, cached 30 s unless forced. */
  refreshNativeBalance(parameters?: { namespace?: ChainNamespace; force?: boolean }): Promise<void>
}

const nativeCacheEntry = object({ formatted: string, symbol: string })
const tokenList = arrayOf(tokenBalance)

export function createBalances({
  account,
  network,
  connection,
  blockchainApi,
  storage,
  toast,
  logger,
  now,
}: {
  account: AccountFeature
  network: NetworkFeature
  connection: ConnectionFeature
  blockchainApi: BlockchainApi
  storage: PorticoStorage
  toast: ToastFeature
  logger: Logger
  now(): number
}): BalancesFeature {
  const $tokenBalancesStatus = atom<TokenBalancesStatus>('idle')
  const inflight = new Map<string, Promise<readonly TokenBalance[]>>()
  let blockedUntil = Number.NEGATIVE_INFINITY
  let supportedChains: Promise<SupportedChains> | undefined
  const withoutAssetDiscovery = new Set<string>()

  function getSupportedChains() {
    supportedChains ??= blockchainApi.getSupportedChains().catch((error) => {
      supportedChains = undefined
      throw error
    })
    return supportedChains
  }

  function fail(error: unknown) {
    logger.error('token balances are unavailable', error)
    blockedUntil = now() + BALANCE_RETRY_BLOCK_MS
    $tokenBalancesStatus.set('error')
    toast.showError(userMessages.TOKEN_BALANCE_UNAVAILABLE)
  }

  function keep(namespace: ChainNamespace, caipAddress: string, balances: readonly TokenBalance[]) {
    // Spec §5: tokens with decimals '0' are low quality.
    const kept = balances.filter((balance) => balance.quantity.decimals !== '0')
    storage.balanceCache.set(caipAddress, kept, now())
    if (account.get(namespace).caipAddress === caipAddress) {
      account.update(namespace, { tokenBalance: kept })
    }
    $tokenBalancesStatus.set('success')
    return kept
  }

  /** Assets from the wallet itself (EIP-7811), when it offers them and they validate. */
  async function walletAssets(namespace: ChainNamespace, address: string, networkId: string) {
    const active = connection.getActive(namespace)
    const target = network.find(networkId)
    if (!active?.adapter.getWalletAssets || !target) return undefined
    // Asking a wallet that has no asset discovery once is enough (over WalletConnect, every ask
    // is a round trip through the relay).
    const key = `${active.connector.id}|${networkId}`
    if (withoutAssetDiscovery.has(key)) return undefined
    try {
      const answer = await active.adapter.getWalletAssets(active.connector, address, target)
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

  async function load(
    namespace: ChainNamespace,
    caipAddress: string,
    forceUpdate: boolean,
  ): Promise<readonly TokenBalance[]> {
    const { namespace: ns, chainId, address } = parseCaipAddress(caipAddress)
    const networkId = `${ns}:${chainId}`
    $tokenBalancesStatus.set('loading')
    const fromWallet = await walletAssets(namespace, address, networkId)
    if (fromWallet) return keep(namespace, caipAddress, fromWallet)
    try {
      const supported = await getSupportedChains()
      if (!supported.http.includes(networkId)) {
        // Spec §5: no call for a network the API does not support; §8: say so.
        $tokenBalancesStatus.set('success')
        toast.showError(userMessages.TOKEN_BALANCE_UNAVAILABLE)
        return []
      }
      const balances = await blockchainApi.getTokenBalances({
        address,
        chainId: networkId,
        forceUpdate,
      })
      return keep(namespace, caipAddress, balances)
    } catch (error) {
      fail(error)
      return account.get(namespace).tokenBalance ?? []
    }
  }

  return {
    $tokenBalancesStatus,
    fetchTokenBalances({ forceUpdate = false } = {}) {
      const namespace = account.$activeNamespace.get()
      const { caipAddress } = account.get(namespace)
      if (!caipAddress || !BALANCE_NAMESPACES.includes(namespace)) return Promise.resolve([])
      if (!forceUpdate) {
        const cached = tokenList(storage.balanceCache.get(caipAddress, BALANCE_CACHE_MS, now()))
        if (cached) {
          account.update(namespace, { tokenBalance: cached })
          $tokenBalancesStatus.set('success')
          return Promise.resolve(cached)
        }
      }
      if (now() < blockedUntil) return Promise.resolve(account.get(namespace).tokenBalance ?? [])
      const key = `${caipAddress}|${forceUpdate}`
      let request = inflight.get(key)
      if (!request) {
        request = load(namespace, caipAddress, forceUpdate).finally(() => inflight.delete(key))
        inflight.set(key, request)
      }
      return request
    },
    async refreshNativeBalance({ namespace = account.$activeNamespace.get(), force = false } = {}) {
      const { caipAddress, address } = account.get(namespace)
      const active = connection.getActive(namespace)
      if (!caipAddress || !address || !active) return
      const chain = network.$walletChains.get()[namespace]
      const target = chain ? network.find(chain) : undefined
      if (!target) return
      if (!force) {
        const cached = nativeCacheEntry(
          storage.nativeBalanceCache.get(caipAddress, NATIVE_BALANCE_CACHE_MS, now()),
        )
        if (cached) {
          account.update(namespace, { balance: cached.formatted, balanceSymbol: cached.symbol })
          return
        }
      }
      try {
        const balance = await active.adapter.getNativeBalance(address, target)
        storage.nativeBalanceCache.set(
          caipAddress,
          { formatted: balance.formatted, symbol: balance.symbol },
          now(),
        )
        if (account.get(namespace).caipAddress === caipAddress) {
          account.update(namespace, { balance: balance.formatted, balanceSymbol: balance.symbol })
        }
      } catch (error) {
        logger.error(`could not read the ${target.name} balance`, error)
      }
    },
  }
}
