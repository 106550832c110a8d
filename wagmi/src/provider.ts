import type { Eip1193Provider, PorticoClient } from '@portico/core'
import { ProviderNotFoundError } from 'wagmi'

/** What the core's wallet feature offers (`client.wallet`), as far as the connector uses it. */
type WalletFeature = {
  getProvider(parameters?: { namespace?: 'eip155' }): Promise<Eip1193Provider>
}

/**
 * The EIP-1193 provider of the connected EVM wallet.
 *
 * `client.wallet.getProvider({ namespace: 'eip155' })` is the core's: a provider that follows the
 * active eip155 connection, emits accountsChanged/chainChanged/disconnect, and refreshes Portico's
 * balances and history after a transaction it sent is mined. Until every core has it, this falls back to the
 * connected connector's own provider (browser and app-provided wallets only; no WalletConnect or
 * email wallet, and no refresh of Portico's caches after a write). The fallback lives here alone,
 * so that it can be deleted once the core API is everywhere.
 */
export async function providerOf(client: PorticoClient): Promise<Eip1193Provider> {
  const wallet = (client as { wallet?: Partial<WalletFeature> }).wallet
  if (typeof wallet?.getProvider === 'function') return wallet.getProvider({ namespace: 'eip155' })
  const connectorId = client.connection.$connections.get().eip155?.connectorId
  const provider = connectorId ? client.connectors.get(connectorId)?.provider : undefined
  if (!provider) throw new ProviderNotFoundError()
  return provider
}
