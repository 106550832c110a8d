import type { PorticoClient, PorticoProvider } from '@portico/core'

/**
 * The EIP-1193 provider wagmi talks to: Portico's own for the EVM namespace
 * (`client.wallet.getProvider`), whatever the connector (a browser wallet, WalletConnect, the email
 * wallet). It follows Portico's connection and emits `accountsChanged`, `chainChanged` and
 * `disconnect` as its stores change; a transaction sent through it refreshes Portico's balances
 * and history once mined, so wagmi's cache and Portico's never disagree.
 */
export function providerOf(client: PorticoClient): Promise<PorticoProvider> {
  return client.wallet.getProvider({ namespace: 'eip155' })
}
