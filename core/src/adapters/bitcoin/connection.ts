import type { Connector } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { networkReference } from '../../options/index.js'
import { isRecord } from '../../storage/validators.js'
import {
  accountsOf,
  requireFeature,
  standardFeature,
  toStandardWalletError,
} from '../standardWallet.js'
import type { AdapterEventHandlers, ChainAdapter, ConnectOptions } from '../types.js'
import {
  fromSatsConnectAddresses,
  fromStandardAccounts,
  isBitcoinAccount,
  type Purpose,
  purposesFor,
} from './accounts.js'
import { bitcoinReferences, networkNameReference } from './chains.js'
import { ask, satsConnectChain, satsConnectOf } from './satsConnect.js'

type ConnectFeature = {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly unknown[] }>
}
type BitcoinConnectFeature = {
  connect(input: { purposes: Purpose[] }): Promise<{ accounts: readonly unknown[] }>
}
type DisconnectFeature = { disconnect(): Promise<void> }
type EventsFeature = {
  on(event: 'change', listener: (properties: { accounts?: readonly unknown[] }) => void): () => void
}

/** A wallet's accounts: through Wallet Standard when it has it, through sats-connect otherwise. */
async function readAccounts(connector: Connector, silent: boolean, options?: ConnectOptions) {
  const purposes = purposesFor(options?.accountType)
  const wallet = connector.wallet
  if (wallet) {
    const shared = silent ? accountsOf(wallet.accounts, isBitcoinAccount) : []
    if (shared.length > 0) return fromStandardAccounts(shared, purposes)
    const bitcoinConnect = standardFeature<BitcoinConnectFeature>(
      wallet,
      'bitcoin:connect',
      'connect',
    )
    let answer: unknown
    if (bitcoinConnect && !silent) answer = await bitcoinConnect.connect({ purposes })
    else {
      const feature = requireFeature<ConnectFeature>(wallet, 'standard:connect', 'connect')
      answer = await feature.connect(silent ? { silent: true } : undefined)
    }
    const accounts = accountsOf(isRecord(answer) ? answer.accounts : undefined, isBitcoinAccount)
    return fromStandardAccounts(accounts, purposes)
  }
  const provider = satsConnectOf(connector)
  if (!provider) {
    throw new PorticoError('WALLET_ERROR', `${connector.name} has no Bitcoin provider to talk to`)
  }
  let addresses: unknown
  if (silent) {
    try {
      const account = await ask(provider, 'wallet_getAccount', undefined, 'reconnection')
      addresses = isRecord(account) ? account.addresses : undefined
    } catch (error) {
      // Not connected to this site (ACCESS_DENIED) or an older provider: nothing to restore.
      if (error instanceof PorticoError && error.code === 'USER_REJECTED') throw error
      return fromSatsConnectAddresses([], purposes, undefined)
    }
  } else {
    addresses = await ask(provider, 'getAccounts', { purposes }, 'connection request')
  }
  return fromSatsConnectAddresses(addresses, purposes, await satsConnectChain(provider))
}

/** The wallet's account and network changes, as the connection hears them. */
function subscribe(connector: Connector, handlers: AdapterEventHandlers): () => void {
  const wallet = connector.wallet
  if (wallet) {
    const events = standardFeature<EventsFeature>(wallet, 'standard:events', 'on')
    const off = events?.on('change', (properties) => {
      try {
        if (!isRecord(properties) || !('accounts' in properties)) return
        const accounts = accountsOf(properties.accounts, isBitcoinAccount)
        const { addresses, chains } = fromStandardAccounts(accounts, ['payment'])
        handlers.accountsChanged(addresses, chains)
      } catch {
        // A malformed event changes nothing.
      }
    })
    return typeof off === 'function' ? off : () => undefined
  }
  const provider = satsConnectOf(connector)
  if (!provider?.addListener) return () => undefined
  const offs = [
    provider.addListener('accountChange', (data) => {
      const { addresses } = fromSatsConnectAddresses(
        isRecord(data) ? data.addresses : undefined,
        ['payment'],
        undefined,
      )
      handlers.accountsChanged(addresses)
    }),
    provider.addListener('networkChange', (data) => {
      const reference =
        isRecord(data) && isRecord(data.bitcoin)
          ? networkNameReference(data.bitcoin.name)
          : undefined
      if (reference) handlers.chainChanged(reference)
    }),
    provider.addListener('disconnect', () => handlers.disconnect()),
  ]
  return () => {
    for (const off of offs) if (typeof off === 'function') off()
  }
}

/** Connecting a Bitcoin wallet (the wanted kind of address first), and following it. */
export const bitcoinConnection: ChainAdapter['connection'] = {
  async connect(connector, options) {
    try {
      const account = await readAccounts(connector, false, options)
      if (account.addresses.length === 0) {
        throw new PorticoError('WALLET_ERROR', 'The wallet shared no Bitcoin address')
      }
      return account
    } catch (error) {
      if (error instanceof PorticoError) throw error
      throw toStandardWalletError(error, 'connection request')
    }
  },
  async reconnect(connector, options) {
    try {
      const account = await readAccounts(connector, true, options)
      return account.addresses.length > 0 ? account : undefined
    } catch (error) {
      if (error instanceof PorticoError) throw error
      throw toStandardWalletError(error, 'reconnection')
    }
  },
  async disconnect(connector) {
    // A wallet that cannot forget the site keeps the permission, which is harmless.
    const feature = connector.wallet
      ? standardFeature<DisconnectFeature>(connector.wallet, 'standard:disconnect', 'disconnect')
      : undefined
    if (feature) await feature.disconnect().catch(() => undefined)
    else {
      await satsConnectOf(connector)
        ?.request('wallet_disconnect')
        .catch(() => undefined)
    }
  },
  subscribe,
}

/** Like Solana's, a Bitcoin wallet's accounts name the chains they may be used on. */
export const bitcoinNetworks: NonNullable<ChainAdapter['networks']> = {
  async switchNetwork(connector, network) {
    const reference = networkReference(network)
    const wallet = connector.wallet
    const provider = satsConnectOf(connector)
    const chains = wallet
      ? accountsOf(wallet.accounts, isBitcoinAccount).flatMap((a) => bitcoinReferences(a.chains))
      : [provider ? await satsConnectChain(provider) : undefined]
    if (!chains.includes(reference)) {
      throw new PorticoError('UNSUPPORTED_CHAIN', { details: { id: network.id } })
    }
  },
}
