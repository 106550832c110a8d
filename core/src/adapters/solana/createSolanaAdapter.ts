import { isAddress } from '@solana/kit'
import { NATIVE_DECIMALS } from '../../chains/constants.js'
import { PorticoError } from '../../errors/index.js'
import type { PorticoNetwork } from '../../options/index.js'
import { nativeBalance } from '../nativeBalance.js'
import type { AdapterContext, ChainAdapter } from '../types.js'
import { solanaConnection, solanaNetworks } from './accounts.js'
import { createSolanaRpc, type SolanaRpc } from './rpc.js'
import { solanaSigning } from './signing.js'
import { createSolanaTransfers } from './transfers.js'

export { toAdapterAccount } from './accounts.js'
export { SOLANA_CONFIRM_POLL_MS, SOLANA_CONFIRM_TIMEOUT_MS } from './transfers.js'

/**
 * The Solana adapter, on @solana/kit, for Wallet Standard wallets. Loaded on demand. Its parts:
 * the connection and accounts (`accounts.ts`), signing (`signing.ts`), and the native balance and
 * transfers, which share one RPC client per URL (`transfers.ts`).
 */
export function createSolanaAdapter({ fetch: fetchFn }: AdapterContext = {}): ChainAdapter {
  const rpcs = new Map<string, SolanaRpc>()

  function rpcUrlOf(network: PorticoNetwork): string {
    const url = network.rpcUrls.http[0]
    if (!url) throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: network.id } })
    return url
  }

  function rpcFor(network: PorticoNetwork | string): SolanaRpc {
    const url = typeof network === 'string' ? network : rpcUrlOf(network)
    let rpc = rpcs.get(url)
    if (!rpc) {
      rpc = createSolanaRpc(url, fetchFn)
      rpcs.set(url, rpc)
    }
    return rpc
  }

  return {
    namespace: 'solana',
    isAddress: (value) => isAddress(value),
    connection: solanaConnection,
    networks: solanaNetworks,
    signing: solanaSigning,
    balances: {
      getNativeBalance: async (owner, network) =>
        nativeBalance(await rpcFor(network).getBalance(owner), NATIVE_DECIMALS.solana, network),
    },
    transfers: createSolanaTransfers({ rpcFor, rpcUrlOf }),
  }
}
