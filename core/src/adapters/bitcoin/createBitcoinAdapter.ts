import { base64 } from '@scure/base'
import { NATIVE_DECIMALS } from '../../chains/constants.js'
import type {
  Connector,
  SatsConnectProvider,
  StandardWalletAccount,
} from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { formatDecimal } from '../../format/index.js'
import { type AccountType, networkReference, type PorticoNetwork } from '../../options/index.js'
import { cleanDisplayText } from '../../security/index.js'
import { isRecord } from '../../storage/validators.js'
import {
  accountsOf,
  requireFeature,
  standardFeature,
  toStandardWalletError,
} from '../standardWallet.js'
import type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  ChainAdapter,
  ConnectOptions,
  NativeBalance,
} from '../types.js'
import { WALLET_ERROR_CODES } from '../walletErrors.js'
import { isBitcoinAddress } from './address.js'
import { bitcoinReferences, networkNameReference } from './chains.js'
import { fetchUtxos } from './esplora.js'

/** sats-connect's error codes Portico reacts to. */
export const SATS_CONNECT_ERRORS = { userRejected: -32000, accessDenied: -32002 } as const
/** The longest wallet error text kept in a message. */
const MAX_WALLET_MESSAGE_LENGTH = 200

/** sats-connect's names for the two kinds of address a Bitcoin wallet gives. */
type Purpose = 'payment' | 'ordinals'

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
type SignMessageFeature = {
  signMessage(
    ...inputs: { account: StandardWalletAccount; message: Uint8Array; protocol?: 'BIP322' }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}

/** The purposes to ask for: the wanted kind first, the payment address always (it pays fees). */
export function purposesFor(accountType: AccountType | undefined): Purpose[] {
  return accountType === 'ordinal' ? ['ordinals', 'payment'] : ['payment']
}

/** What kind of address an account is: its label says when it can, else taproot means ordinals. */
export function purposeOf(account: { address: string; label?: unknown }): Purpose {
  const label = typeof account.label === 'string' ? account.label.toLowerCase() : ''
  if (label.includes('ordinal')) return 'ordinals'
  if (label.includes('payment')) return 'payment'
  return /^(bc|tb|bcrt)1p/i.test(account.address) ? 'ordinals' : 'payment'
}

const typeOf = (purpose: Purpose): AccountType => (purpose === 'ordinals' ? 'ordinal' : 'payment')

/** Accounts in the order of `purposes` (those of other purposes after them). */
function ordered<T extends { purpose: Purpose }>(accounts: readonly T[], purposes: Purpose[]) {
  const rank = (purpose: Purpose) => {
    const index = purposes.indexOf(purpose)
    return index === -1 ? purposes.length : index
  }
  return [...accounts].sort((a, b) => rank(a.purpose) - rank(b.purpose))
}

const isBitcoinAccount = (account: StandardWalletAccount) =>
  isBitcoinAddress(account.address) &&
  (account.chains.length === 0 ||
    account.chains.some((chain) => chain.startsWith('bitcoin:') || chain.startsWith('bip122:')))

/** What Wallet Standard accounts give the connection, the wanted purpose first. */
export function fromStandardAccounts(
  accounts: readonly StandardWalletAccount[],
  purposes: Purpose[],
): AdapterAccount {
  const sorted = ordered(
    accounts.map((account) => ({ account, purpose: purposeOf(account) })),
    purposes,
  )
  const chains = bitcoinReferences(sorted[0]?.account.chains ?? [])
  return {
    addresses: sorted.map(({ account }) => account.address),
    types: sorted.map(({ purpose }) => typeOf(purpose)),
    chainReference: chains[0] ?? 'unknown',
    chains,
  }
}

/** A sats-connect answer's result; its error (or a malformed answer) as a PorticoError. */
export function satsConnectResult(answer: unknown, action: string): unknown {
  if (isRecord(answer) && isRecord(answer.error)) {
    const { code } = answer.error
    if (code === SATS_CONNECT_ERRORS.userRejected) {
      throw new PorticoError('USER_REJECTED', `The wallet rejected the ${action}`, {
        details: { code: WALLET_ERROR_CODES.userRejected },
      })
    }
    const text = cleanDisplayText(answer.error.message, MAX_WALLET_MESSAGE_LENGTH)
    throw new PorticoError(
      'WALLET_ERROR',
      `The wallet failed the ${action}${text ? `: ${text}` : ''}`,
      {
        details: { code },
      },
    )
  }
  if (!isRecord(answer) || !('result' in answer)) {
    throw new PorticoError('WALLET_ERROR', `The wallet answered the ${action} with nothing`)
  }
  return answer.result
}

/** sats-connect addresses (`getAccounts`, `wallet_getAccount`), checked, the wanted purpose first. */
export function fromSatsConnectAddresses(
  addresses: unknown,
  purposes: Purpose[],
  chainReference: string | undefined,
): AdapterAccount {
  const list = Array.isArray(addresses) ? addresses : []
  const accounts = list.flatMap((entry) =>
    isRecord(entry) &&
    typeof entry.address === 'string' &&
    isBitcoinAddress(entry.address) &&
    (entry.purpose === 'payment' || entry.purpose === 'ordinals')
      ? [{ address: entry.address, purpose: entry.purpose as Purpose }]
      : [],
  )
  const sorted = ordered(accounts, purposes)
  return {
    addresses: sorted.map((a) => a.address),
    types: sorted.map((a) => typeOf(a.purpose)),
    chainReference: chainReference ?? 'unknown',
    chains: chainReference ? [chainReference] : [],
  }
}

/** The sats-connect provider of a connector: its own, or a Wallet Standard wallet's. */
function satsConnectOf(connector: Connector): SatsConnectProvider | undefined {
  if (connector.satsConnect) return connector.satsConnect
  const feature = connector.wallet?.features['sats-connect:']
  return isRecord(feature) &&
    isRecord(feature.provider) &&
    typeof feature.provider.request === 'function'
    ? (feature.provider as SatsConnectProvider)
    : undefined
}

/** The Bitcoin (bip122) adapter: Wallet Standard and sats-connect wallets. Loaded on demand. */
export function createBitcoinAdapter({ fetch: fetchFn }: AdapterContext = {}): ChainAdapter {
  async function ask(
    provider: SatsConnectProvider,
    method: string,
    params: unknown,
    action: string,
  ) {
    let answer: unknown
    try {
      answer = await provider.request(method, params)
    } catch (error) {
      throw toStandardWalletError(error, action)
    }
    return satsConnectResult(answer, action)
  }

  async function satsConnectChain(provider: SatsConnectProvider): Promise<string | undefined> {
    try {
      const network = await ask(provider, 'wallet_getNetwork', undefined, 'network request')
      return isRecord(network) && isRecord(network.bitcoin)
        ? networkNameReference(network.bitcoin.name)
        : undefined
    } catch {
      return undefined // older providers do not know the method
    }
  }

  async function connect(connector: Connector, silent: boolean, options?: ConnectOptions) {
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

  async function getNativeBalance(
    address: string,
    network: PorticoNetwork,
  ): Promise<NativeBalance> {
    const url = network.rpcUrls.http[0]
    if (!url) throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: network.id } })
    // The balance is the sum of the unspent outputs, those still in the mempool included.
    const utxos = await fetchUtxos(url, address, fetchFn)
    const value = utxos.reduce((sum, utxo) => sum + utxo.value, 0n)
    const decimals = NATIVE_DECIMALS.bip122
    return {
      value,
      decimals,
      symbol: network.nativeCurrency.symbol,
      formatted: formatDecimal(value, decimals),
    }
  }

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

  async function signMessage(connector: Connector, address: string, message: string) {
    const wallet = connector.wallet
    const standard = wallet
      ? standardFeature<SignMessageFeature>(wallet, 'bitcoin:signMessage', 'signMessage')
      : undefined
    if (wallet && standard) {
      const account = accountsOf(wallet.accounts, isBitcoinAccount).find(
        (a) => a.address === address,
      )
      if (!account)
        throw new PorticoError('WALLET_ERROR', `${connector.name} no longer shares ${address}`)
      let output: { signature?: unknown } | undefined
      try {
        ;[output] = await standard.signMessage({
          account,
          message: new TextEncoder().encode(message),
          protocol: 'BIP322',
        })
      } catch (error) {
        throw toStandardWalletError(error, 'signature request')
      }
      if (!(output?.signature instanceof Uint8Array) || output.signature.length === 0) {
        throw new PorticoError(
          'WALLET_ERROR',
          'The wallet answered the signature request with no signature',
        )
      }
      // BIP-322's simple signature is the witness, base64-encoded: what verifiers take.
      return base64.encode(output.signature)
    }
    const provider = satsConnectOf(connector)
    if (!provider) throw new PorticoError('WALLET_ERROR', `${connector.name} cannot sign messages`)
    const result = await ask(
      provider,
      'signMessage',
      { address, message, protocol: 'BIP322' },
      'signature request',
    )
    const signature = isRecord(result) ? result.signature : undefined
    if (typeof signature !== 'string' || signature.length === 0) {
      throw new PorticoError(
        'WALLET_ERROR',
        'The wallet answered the signature request with no signature',
      )
    }
    return signature
  }

  return {
    namespace: 'bip122',
    isAddress: isBitcoinAddress,
    connection: {
      async connect(connector, options) {
        try {
          const account = await connect(connector, false, options)
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
          const account = await connect(connector, true, options)
          return account.addresses.length > 0 ? account : undefined
        } catch (error) {
          if (error instanceof PorticoError) throw error
          throw toStandardWalletError(error, 'reconnection')
        }
      },
      async disconnect(connector) {
        // A wallet that cannot forget the site keeps the permission, which is harmless.
        const feature = connector.wallet
          ? standardFeature<DisconnectFeature>(
              connector.wallet,
              'standard:disconnect',
              'disconnect',
            )
          : undefined
        if (feature) await feature.disconnect().catch(() => undefined)
        else {
          await satsConnectOf(connector)
            ?.request('wallet_disconnect')
            .catch(() => undefined)
        }
      },
      subscribe,
    },
    networks: {
      // Like Solana's, a Bitcoin wallet's accounts name the chains they may be used on.
      async switchNetwork(connector, network) {
        const reference = networkReference(network)
        const wallet = connector.wallet
        const provider = satsConnectOf(connector)
        const chains = wallet
          ? accountsOf(wallet.accounts, isBitcoinAccount).flatMap((a) =>
              bitcoinReferences(a.chains),
            )
          : [provider ? await satsConnectChain(provider) : undefined]
        if (!chains.includes(reference)) {
          throw new PorticoError('UNSUPPORTED_CHAIN', { details: { id: network.id } })
        }
      },
    },
    signing: {
      signMessage,
      async request(connector, method, params) {
        const provider = satsConnectOf(connector)
        if (!provider) {
          throw new PorticoError('INVALID_INPUT', `${connector.name} takes no requests`, {
            details: { method },
          })
        }
        return ask(provider, method, params?.[0], method)
      },
    },
    balances: { getNativeBalance },
  }
}
