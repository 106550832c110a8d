import type { ChainNamespace } from '../caip/index.js'
import type { LazyContext } from '../kernel/feature.js'
import { PorticoError } from '../kit.js'
import { createActions } from './actions.js'
import { createCalls } from './calls.js'
import { createClients } from './clients.js'
import type { WalletHalf, WalletShell } from './halves.js'
import { createProvider } from './provider.js'
import type { PorticoProvider } from './types.js'

/**
 * The app's own calls, loaded the first time the app asks for a provider, a client or an action:
 * the rules of a wallet request (`calls.ts`), viem's clients (`clients.ts`), the EIP-1193 provider
 * (`provider.ts`) and the actions (`actions.ts`). Built once per client.
 */
export function createLazy(context: LazyContext, shell: WalletShell): WalletHalf {
  const calls = createCalls(context, shell)
  const clients = createClients(context, shell, calls)
  const providers = new Map<ChainNamespace, PorticoProvider>()
  /** One provider per namespace, so the app's listeners stay on the one it holds. */
  function providerOf(namespace: ChainNamespace = 'eip155'): PorticoProvider {
    let provider = providers.get(namespace)
    if (!provider) {
      if (!shell.network.networks.some((n) => n.id.startsWith(`${namespace}:`))) {
        throw new PorticoError('INVALID_INPUT', `The app lists no ${namespace} network`, {
          details: { namespace },
        })
      }
      provider = createProvider(context, shell, calls, clients, namespace)
      providers.set(namespace, provider)
    }
    return provider
  }
  const actions = createActions(shell, calls, clients, providerOf)
  return {
    getProvider: async (parameters) => providerOf(parameters?.namespace),
    async getWalletClient(parameters) {
      const { address, chainId } = calls.connected('eip155')
      const network = calls.networkOf(parameters?.chainId ?? Number(chainId.split(':')[1]))
      const bound = { address, chainId: Number(network.id.split(':')[1]) }
      const provider = createProvider(context, shell, calls, clients, 'eip155', bound)
      return clients.walletClient(provider, bound.chainId)
    },
    getPublicClient: async (parameters) => clients.publicClient(parameters?.chainId),
    signMessage: actions.signMessage,
    signTypedData: actions.signTypedData as WalletHalf['signTypedData'],
    sendTransaction: actions.sendTransaction,
    writeContract: actions.writeContract as WalletHalf['writeContract'],
    readContract: actions.readContract as WalletHalf['readContract'],
    signPsbt: actions.signPsbt,
    request: actions.request,
  }
}
