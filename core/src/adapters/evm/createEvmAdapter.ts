import {
  createPublicClient,
  formatUnits,
  getAddress,
  type Hash,
  http,
  isAddress,
  isHash,
  numberToHex,
  type PublicClient,
  toHex,
} from 'viem'
import type { Connector, Eip1193Provider } from '../../connectors/index.js'
import {
  evmChainId,
  PorticoError,
  toWalletError,
  WALLET_ERROR_CODES,
  walletErrorCode,
} from '../../kit.js'
import type { PorticoNetwork } from '../../options/index.js'
import type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  ChainAdapter,
  NativeBalance,
  PreparedTransfer,
  TransferReceipt,
} from '../types.js'
import { parseAccounts, parseChainId, parseSignature } from './answers.js'
import { sendEvmTransaction, waitForEvmTransaction } from './transactions.js'
import { prepareEvmTransfer } from './transfers.js'

function providerOf(connector: Connector): Eip1193Provider {
  if (!connector.provider) {
    throw new PorticoError('WALLET_ERROR', `${connector.name} has no provider to talk to`)
  }
  return connector.provider
}

async function readAccount(provider: Eip1193Provider, method: string): Promise<AdapterAccount> {
  const addresses = parseAccounts(await provider.request({ method }))
  // Asked to connect, a wallet that shares no account has not connected.
  if (method === 'eth_requestAccounts' && addresses.length === 0) {
    throw new PorticoError('WALLET_ERROR', 'The wallet shared no account')
  }
  const chainReference = parseChainId(await provider.request({ method: 'eth_chainId' }))
  return { addresses, chainReference }
}

/** The EIP-155 (EVM) adapter, on viem. Loaded on demand by the client. */
export function createEvmAdapter({ fetch: fetchFn }: AdapterContext = {}): ChainAdapter {
  const clients = new Map<string, PublicClient>()

  function clientFor(network: PorticoNetwork): PublicClient {
    const url = network.rpcUrls.http[0]
    if (!url) throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: network.id } })
    let client = clients.get(url)
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 1, fetchFn }) })
      clients.set(url, client)
    }
    return client
  }

  async function switchNetwork(connector: Connector, network: PorticoNetwork): Promise<void> {
    const provider = providerOf(connector)
    const chainId = numberToHex(evmChainId(network))
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      return
    } catch (error) {
      if (walletErrorCode(error) !== WALLET_ERROR_CODES.unrecognizedChain) {
        throw toWalletError(error, 'network switch')
      }
    }
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.http,
            blockExplorerUrls: network.blockExplorers?.map((e) => e.url),
          },
        ],
      })
    } catch (error) {
      throw new PorticoError('UNSUPPORTED_CHAIN', { cause: toWalletError(error, 'network add') })
    }
    // Most wallets switch when they add; ask again for those that do not.
    await provider
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      .catch((error) => {
        throw toWalletError(error, 'network switch')
      })
  }

  async function getNativeBalance(
    address: string,
    network: PorticoNetwork,
  ): Promise<NativeBalance> {
    const value = await clientFor(network).getBalance({ address: getAddress(address) })
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: formatUnits(value, decimals) }
  }

  function subscribe(connector: Connector, handlers: AdapterEventHandlers): () => void {
    const provider = providerOf(connector)
    const onAccounts = (accounts: unknown) => {
      try {
        handlers.accountsChanged(parseAccounts(accounts))
      } catch {
        // A malformed event changes nothing.
      }
    }
    const onChain = (chainId: unknown) => {
      try {
        handlers.chainChanged(parseChainId(chainId))
      } catch {
        // A malformed event changes nothing.
      }
    }
    const onDisconnect = () => handlers.disconnect()
    provider.on?.('accountsChanged', onAccounts as (...args: never[]) => void)
    provider.on?.('chainChanged', onChain as (...args: never[]) => void)
    provider.on?.('disconnect', onDisconnect)
    return () => {
      provider.removeListener?.('accountsChanged', onAccounts as (...args: never[]) => void)
      provider.removeListener?.('chainChanged', onChain as (...args: never[]) => void)
      provider.removeListener?.('disconnect', onDisconnect)
    }
  }

  async function request(
    connector: Connector,
    method: string,
    params?: readonly unknown[],
  ): Promise<unknown> {
    try {
      return await providerOf(connector).request({ method, params })
    } catch (error) {
      throw toWalletError(error, method)
    }
  }

  async function signMessage(
    connector: Connector,
    address: string,
    message: string,
  ): Promise<string> {
    let signature: unknown
    try {
      signature = await providerOf(connector).request({
        method: 'personal_sign',
        params: [toHex(message), getAddress(address)],
      })
    } catch (error) {
      throw toWalletError(error, 'signature request')
    }
    return parseSignature(signature)
  }

  async function sendTransfer(connector: Connector, prepared: PreparedTransfer): Promise<string> {
    let hash: unknown
    try {
      hash = await providerOf(connector).request({
        method: 'eth_sendTransaction',
        params: [prepared.request],
      })
    } catch (error) {
      throw toWalletError(error, 'transaction')
    }
    if (typeof hash !== 'string' || !isHash(hash)) {
      throw new PorticoError('WALLET_ERROR', 'The wallet answered with an invalid transaction hash')
    }
    return hash
  }

  async function getWalletAssets(
    connector: Connector,
    address: string,
    network: PorticoNetwork,
  ): Promise<{ chainKey: string; response: unknown } | undefined> {
    const provider = providerOf(connector)
    const chainKey = numberToHex(evmChainId(network))
    let capabilities: unknown
    try {
      capabilities = await provider.request({
        method: 'wallet_getCapabilities',
        params: [getAddress(address)],
      })
    } catch {
      return undefined // most wallets do not know the method
    }
    const forChain =
      typeof capabilities === 'object' && capabilities !== null
        ? (capabilities as Record<string, { assetDiscovery?: { supported?: boolean } }>)[chainKey]
        : undefined
    if (forChain?.assetDiscovery?.supported !== true) return undefined
    const response = await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: getAddress(address), chainFilter: [chainKey] }],
    })
    return { chainKey, response }
  }

  async function waitForTransfer(hash: string, network: PorticoNetwork): Promise<TransferReceipt> {
    const receipt = await clientFor(network).waitForTransactionReceipt({
      hash: hash as Hash,
      timeout: 120_000,
    })
    return { hash, status: receipt.status }
  }

  return {
    namespace: 'eip155',
    isAddress: (address) => isAddress(address),
    connection: {
      async connect(connector) {
        try {
          return await readAccount(providerOf(connector), 'eth_requestAccounts')
        } catch (error) {
          throw toWalletError(error, 'connection request')
        }
      },
      async reconnect(connector) {
        try {
          const account = await readAccount(providerOf(connector), 'eth_accounts')
          return account.addresses.length > 0 ? account : undefined
        } catch (error) {
          throw toWalletError(error, 'reconnection')
        }
      },
      async disconnect(connector) {
        // Wallets that support it forget the permission; others keep it, which is harmless.
        await providerOf(connector)
          .request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
          .catch(() => undefined)
      },
      subscribe,
    },
    networks: { switchNetwork },
    signing: { request, signMessage },
    balances: { getNativeBalance, getWalletAssets },
    transfers: {
      prepareTransfer: (parameters) =>
        prepareEvmTransfer(clientFor(parameters.network), parameters),
      sendTransfer,
      waitForTransfer,
    },
    transactions: {
      sendTransaction: (connector, request, network) =>
        sendEvmTransaction(clientFor(network), providerOf(connector), request, network),
      waitForTransaction: (hash, network) => waitForEvmTransaction(clientFor(network), hash),
    },
  }
}
