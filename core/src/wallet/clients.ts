import {
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  getAddress,
  type Hash,
  http,
  type PublicClient,
  type TransactionReceipt,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import type { LazyContext } from '../kernel/feature.js'
import { evmChainId, PorticoError } from '../kit.js'
import type { PorticoNetwork } from '../options/index.js'
import type { Calls } from './calls.js'
import { RECEIPT_TIMEOUT_MS } from './constants.js'
import type { WalletShell } from './halves.js'
import type { PorticoProvider, PorticoWalletClient } from './types.js'

/** An app network as viem describes a chain: the app gives its networks once, never twice. */
export function viemChain(network: PorticoNetwork): Chain {
  const explorer = network.blockExplorers?.[0]
  return {
    id: evmChainId(network),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.http] } },
    ...(explorer ? { blockExplorers: { default: explorer } } : {}),
    ...(network.testnet ? { testnet: true } : {}),
  }
}

/**
 * viem's clients over the app's networks and the connected wallet, and the wait for what the app
 * sent: once mined, Portico's balances and history are read again, skipping their caches (the app
 * shows its own write at once, and never a balance from before it).
 */
export function createClients(context: LazyContext, shell: WalletShell, calls: Calls) {
  const publicClients = new Map<string, PublicClient>()
  const mined = new Map<string, Promise<TransactionReceipt>>()

  /** The public client of an app network (the active EVM one when no chain is named). */
  function publicClient(chainId?: number): PublicClient {
    const network = chainId === undefined ? activeEvmNetwork() : calls.networkOf(chainId)
    let client = publicClients.get(network.id)
    if (!client) {
      client = createPublicClient({
        chain: viemChain(network),
        transport: http(network.rpcUrls.http[0], { retryCount: 1, fetchFn: context.fetch }),
      }) as PublicClient
      publicClients.set(network.id, client)
    }
    return client
  }

  function activeEvmNetwork(): PorticoNetwork {
    const { network, connection } = shell
    const walletChain = connection.get('eip155').chainId
    const listed = walletChain ? calls.networkFor(walletChain) : undefined
    const found =
      listed ??
      network.$activeNetworks.get().eip155 ??
      network.networks.find((n) => n.id.startsWith('eip155:'))
    if (!found) {
      throw new PorticoError('NETWORK_NOT_FOUND', { details: { namespace: 'eip155' } })
    }
    return found
  }

  /** The wallet client of the connected account, bound to it and to `chainId`. */
  function walletClient(provider: PorticoProvider, chainId?: number): PorticoWalletClient {
    const { address, chainId: walletChain } = calls.connected('eip155')
    const network = chainId === undefined ? calls.networkOf(walletChain) : calls.networkOf(chainId)
    return createWalletClient({
      account: getAddress(address),
      chain: viemChain(network),
      transport: custom(provider),
    })
  }

  /**
   * Waits until `hash` is mined on `chainId` (once per hash, however many wait), then refreshes
   * the balances and the history.
   */
  function receipt(hash: string, chainId: number): Promise<TransactionReceipt> {
    let wait = mined.get(hash)
    if (!wait) {
      wait = publicClient(chainId)
        .waitForTransactionReceipt({ hash: hash as Hash, timeout: RECEIPT_TIMEOUT_MS })
        .then(
          (found) => {
            refresh()
            return found
          },
          (cause: unknown) => {
            mined.delete(hash)
            throw cause instanceof WaitForTransactionReceiptTimeoutError
              ? new PorticoError(
                  'TIMEOUT',
                  `The transaction was not mined within ${RECEIPT_TIMEOUT_MS / 1_000} s`,
                  { cause, details: { hash } },
                )
              : new PorticoError('WALLET_ERROR', 'The transaction receipt could not be read', {
                  cause,
                  details: { hash },
                })
          },
        )
      mined.set(hash, wait)
    }
    return wait
  }

  function refresh() {
    const { balances, history, connection } = shell
    if (connection.get('eip155').status !== 'connected') return
    const quiet = (error: unknown) => context.logger.warn('refresh after a transaction', error)
    balances.refreshNativeBalance({ namespace: 'eip155', force: true }).catch(quiet)
    balances.fetchTokenBalances({ forceUpdate: true }).catch(quiet)
    history.refresh().catch(quiet)
  }

  return { publicClient, walletClient, receipt }
}

export type Clients = ReturnType<typeof createClients>
