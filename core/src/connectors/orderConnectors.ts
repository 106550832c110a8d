import type { ConnectorTypeOrderItem } from '../options/index.js'
import type { Connector, CustomWallet, RecentWallet } from './types.js'

/** A wallet known only by its listing (explorer, custom, recent): connected through WalletConnect. */
export type ListedWallet = (CustomWallet | RecentWallet) & {
  /** Explorer image id, loaded through the toolkit backend. */
  imageId?: string
}

/** One entry of the Connect list: a connector in this page, or a wallet known by its listing. */
export type ConnectItem =
  | { kind: 'connector'; group: ConnectorTypeOrderItem; connector: Connector; recent: boolean }
  | { kind: 'wallet'; group: ConnectorTypeOrderItem; wallet: ListedWallet; recent: boolean }

export type OrderConnectorsParameters = {
  connectors: readonly Connector[]
  recent: readonly RecentWallet[]
  custom?: readonly CustomWallet[]
  featured?: readonly ListedWallet[]
  recommended?: readonly ListedWallet[]
  order: readonly ConnectorTypeOrderItem[]
}

/**
 * The Connect view's list: groups in the configured order (spec §9: walletConnect, recent,
 * injected, featured, custom, external, recommended), each wallet once — a recent wallet is shown
 * in the recent group and not again further down.
 */
export function orderConnectors({
  connectors,
  recent,
  custom = [],
  featured = [],
  recommended = [],
  order,
}: OrderConnectorsParameters): ConnectItem[] {
  const recentIds = new Set(recent.map((wallet) => wallet.id))
  const matchesRecent = (id: string, rdns?: string) =>
    recentIds.has(id) || (rdns !== undefined && recentIds.has(rdns))
  const seen = new Set<string>()
  const items: ConnectItem[] = []

  function pushConnector(group: ConnectorTypeOrderItem, connector: Connector, isRecent: boolean) {
    const key = connector.rdns ?? connector.id
    if (seen.has(key)) return
    seen.add(key)
    items.push({ kind: 'connector', group, connector, recent: isRecent })
  }
  function pushWallet(group: ConnectorTypeOrderItem, wallet: ListedWallet, isRecent: boolean) {
    const key = wallet.rdns ?? wallet.id
    if (seen.has(key) || seen.has(wallet.id)) return
    seen.add(key)
    seen.add(wallet.id)
    items.push({ kind: 'wallet', group, wallet, recent: isRecent })
  }

  for (const group of order) {
    switch (group) {
      case 'walletConnect':
        for (const c of connectors) if (c.type === 'WALLET_CONNECT') pushConnector(group, c, false)
        break
      case 'recent':
        for (const wallet of recent) {
          const connector = connectors.find((c) => c.id === wallet.id || c.rdns === wallet.id)
          if (connector) pushConnector(group, connector, true)
          else if (connectors.some((c) => c.type === 'WALLET_CONNECT'))
            pushWallet(group, wallet, true)
        }
        break
      case 'injected':
        for (const c of connectors) {
          if (c.type === 'ANNOUNCED' || c.type === 'INJECTED') {
            pushConnector(group, c, matchesRecent(c.id, c.rdns))
          }
        }
        break
      case 'featured':
        for (const wallet of featured)
          pushWallet(group, wallet, matchesRecent(wallet.id, wallet.rdns))
        break
      case 'custom':
        for (const wallet of custom)
          pushWallet(group, wallet, matchesRecent(wallet.id, wallet.rdns))
        break
      case 'external':
        for (const c of connectors) {
          if (c.type === 'EXTERNAL' || c.type === 'MULTI_CHAIN') {
            pushConnector(group, c, matchesRecent(c.id, c.rdns))
          }
        }
        break
      case 'recommended':
        for (const wallet of recommended) {
          pushWallet(group, wallet, matchesRecent(wallet.id, wallet.rdns))
        }
        break
    }
  }
  return items
}
