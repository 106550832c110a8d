import type { Connector, StandardWalletAccount } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { networkReference } from '../../options/index.js'
import { isRecord } from '../../storage/validators.js'
import {
  accountsOf,
  requireFeature,
  standardFeature,
  standardWalletOf,
  toStandardWalletError,
} from '../standardWallet.js'
import type { AdapterAccount, ChainAdapter } from '../types.js'
import { solanaReferences } from './chains.js'

type ConnectFeature = {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly unknown[] }>
}
type DisconnectFeature = { disconnect(): Promise<void> }
type EventsFeature = {
  on(event: 'change', listener: (properties: { accounts?: readonly unknown[] }) => void): () => void
}

/** An account the wallet offers for Solana: it names a Solana chain, or no chain at all. */
export const isSolanaAccount = (account: StandardWalletAccount) =>
  account.chains.length === 0 || account.chains.some((chain) => chain.startsWith('solana:'))

/** What a wallet's accounts give the connection: their addresses and the chains of the first. */
export function toAdapterAccount(accounts: readonly StandardWalletAccount[]): AdapterAccount {
  const chains = solanaReferences(accounts[0]?.chains ?? [])
  return {
    addresses: accounts.map((account) => account.address),
    chainReference: chains[0] ?? 'unknown',
    chains,
  }
}

/** The wallet's account for `owner`, which it must still share. */
export function accountFor(connector: Connector, owner: string): StandardWalletAccount {
  const wallet = standardWalletOf(connector)
  const account = accountsOf(wallet.accounts, isSolanaAccount).find((a) => a.address === owner)
  if (!account) {
    throw new PorticoError('WALLET_ERROR', `${connector.name} no longer shares ${owner}`)
  }
  return account
}

async function readAccounts(connector: Connector, silent: boolean) {
  const wallet = standardWalletOf(connector)
  const feature = requireFeature<ConnectFeature>(wallet, 'standard:connect', 'connect')
  // A wallet that already shares accounts with the page need not be asked again.
  const shared = silent ? accountsOf(wallet.accounts, isSolanaAccount) : []
  if (shared.length > 0) return shared
  const answer = await feature.connect(silent ? { silent: true } : undefined)
  return accountsOf(isRecord(answer) ? answer.accounts : undefined, isSolanaAccount)
}

/** Any failure of a wallet, as the PorticoError the connection shows (ours pass as they are). */
async function asked<T>(action: string, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask()
  } catch (error) {
    throw toStandardWalletError(error, action)
  }
}

/** Connecting a Wallet Standard wallet's Solana accounts, and following them. */
export const solanaConnection: ChainAdapter['connection'] = {
  connect: (connector) =>
    asked('connection request', async () => {
      const accounts = await readAccounts(connector, false)
      if (accounts.length === 0) {
        throw new PorticoError('WALLET_ERROR', 'The wallet shared no Solana account')
      }
      return toAdapterAccount(accounts)
    }),
  reconnect: (connector) =>
    asked('reconnection', async () => {
      const accounts = await readAccounts(connector, true)
      return accounts.length > 0 ? toAdapterAccount(accounts) : undefined
    }),
  async disconnect(connector) {
    const feature = standardFeature<DisconnectFeature>(
      standardWalletOf(connector),
      'standard:disconnect',
      'disconnect',
    )
    // A wallet without the feature keeps the permission, which is harmless.
    await feature?.disconnect().catch(() => undefined)
  },
  subscribe(connector, handlers) {
    const wallet = standardWalletOf(connector)
    const events = standardFeature<EventsFeature>(wallet, 'standard:events', 'on')
    if (!events) return () => undefined
    const off = events.on('change', (properties) => {
      try {
        if (!isRecord(properties) || !('accounts' in properties)) return
        const accounts = accountsOf(properties.accounts, isSolanaAccount)
        if (accounts.length === 0) {
          handlers.accountsChanged([])
          return
        }
        const { addresses, chains } = toAdapterAccount(accounts)
        handlers.accountsChanged(addresses, chains)
      } catch {
        // A malformed event changes nothing.
      }
    })
    return typeof off === 'function' ? off : () => undefined
  },
}

/**
 * A Solana wallet has no current cluster: it signs for any it lists. Switching is the app's
 * choice, allowed when the connected account may be used on the network.
 */
export const solanaNetworks: NonNullable<ChainAdapter['networks']> = {
  async switchNetwork(connector, network) {
    const chains = accountsOf(standardWalletOf(connector).accounts, isSolanaAccount).flatMap(
      (account) => solanaReferences(account.chains),
    )
    if (!chains.includes(networkReference(network))) {
      throw new PorticoError('UNSUPPORTED_CHAIN', { details: { id: network.id } })
    }
  },
}
