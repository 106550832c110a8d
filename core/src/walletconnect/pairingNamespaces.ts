import { networkNamespace, networkReference } from '../kit.js'
import type { PorticoNetwork } from '../options/types.js'
import type { PairingNamespaces } from './createWalletConnectProvider.js'
import {
  EIP155_WALLETCONNECT_EVENTS,
  EIP155_WALLETCONNECT_METHODS,
  SOLANA_WALLETCONNECT_METHODS,
} from './methods.js'

/** Each network's own RPC URL by chain reference: never a hosted default when the app gave one. */
const rpcMap = (list: readonly PorticoNetwork[]) =>
  Object.fromEntries(
    list.flatMap((n) => (n.rpcUrls.http[0] ? [[networkReference(n), n.rpcUrls.http[0]]] : [])),
  )

/**
 * What a pairing asks the wallet for, from the app's networks: its EVM chains with exactly the
 * methods a session may carry, and its Solana chains when it lists some (a wallet that has Solana
 * accounts shares them in the same session). Loaded with the provider, the only one that asks.
 */
export function pairingNamespaces(networks: readonly PorticoNetwork[]): PairingNamespaces {
  const evmNetworks = networks.filter((n) => networkNamespace(n) === 'eip155')
  const solanaNetworks = networks.filter((n) => networkNamespace(n) === 'solana')
  return {
    ...(evmNetworks.length > 0
      ? {
          eip155: {
            chains: evmNetworks.map((n) => n.id),
            methods: [...EIP155_WALLETCONNECT_METHODS],
            events: [...EIP155_WALLETCONNECT_EVENTS],
            rpcMap: rpcMap(evmNetworks),
          },
        }
      : {}),
    ...(solanaNetworks.length > 0
      ? {
          solana: {
            chains: solanaNetworks.map((n) => n.id),
            methods: [...SOLANA_WALLETCONNECT_METHODS],
            events: [],
            rpcMap: rpcMap(solanaNetworks),
          },
        }
      : {}),
  }
}
