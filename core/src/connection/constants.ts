import type { ChainNamespace } from '../caip/index.js'
import type { Connector } from '../connectors/types.js'
import { PorticoError } from '../errors/index.js'
import type { AccountType } from '../options/index.js'

/**
 * How long a browser wallet may take to answer a connection request. Ours (the spec gives none).
 * The request opens a prompt, so the time is a person's: noticing the popup, unlocking the wallet,
 * choosing accounts. Two minutes covers a slow person; it exists to catch a wallet that never
 * answers, which otherwise leaves connect pending for ever. A person who approves later loses
 * little: the retry is answered at once, since the wallet now knows the site.
 */
export const CONNECT_TIMEOUT_MS = 120_000

/**
 * How long the silent check of a stored connection (`eth_accounts`, then the chain) may take.
 * Ours. No prompt is involved and wallets answer from memory in milliseconds; ten seconds leaves
 * room for an extension whose background worker is still waking up, without the page showing
 * "reconnecting" for long when the wallet is stuck.
 */
export const RECONNECT_TIMEOUT_MS = 10_000

/**
 * How long a network switch may take. Ours. A switch to a chain the wallet does not know is two
 * prompts (add the chain, then switch), each read by a person: the same two minutes as connect.
 * A wallet that switches later is still followed through its `chainChanged` event.
 */
export const SWITCH_NETWORK_TIMEOUT_MS = 120_000

/** The wallet requests the connection feature waits for. */
export type WalletRequestKind = 'connect' | 'reconnect' | 'switchNetwork'

const TIMEOUTS: Record<WalletRequestKind, number> = {
  connect: CONNECT_TIMEOUT_MS,
  reconnect: RECONNECT_TIMEOUT_MS,
  switchNetwork: SWITCH_NETWORK_TIMEOUT_MS,
}

/**
 * The deadline of a request to the connector's wallet, or undefined for none. Only wallets the
 * page talks to directly get one: a WalletConnect pairing waits for a phone to scan a QR code and
 * has its own clock (the pairing URI's expiry, renewed while the view is open, and the relay's),
 * and the embedded (auth) wallet's flows carry their own request timeouts.
 */
export function walletRequestTimeout(
  connector: Connector,
  kind: WalletRequestKind,
): number | undefined {
  if (connector.type === 'WALLET_CONNECT' || connector.type === 'AUTH') return undefined
  return TIMEOUTS[kind]
}

/** The error of a wallet that did not answer in time; the UI renders it as `error.WALLET_TIMEOUT`. */
export function walletTimeoutError(kind: WalletRequestKind, timeoutMs: number): PorticoError {
  const seconds = timeoutMs / 1_000
  return new PorticoError(
    'WALLET_TIMEOUT',
    `The wallet did not answer the ${kind} request in ${seconds} s`,
    {
      details: { request: kind, seconds },
    },
  )
}

/** Why a connection attempt or a wallet request stopped being waited for. */
export function abortedError(reason: 'replaced' | 'disconnected' | 'destroyed'): PorticoError {
  const text = {
    replaced: 'A later connection attempt replaced this one',
    disconnected: 'Disconnected while the wallet was asked',
    destroyed: 'The client was destroyed',
  }[reason]
  return new PorticoError('ABORTED', text, { details: { reason } })
}

/**
 * The kind of account each namespace connects by default: the embedded wallet's EVM account is a
 * smart account, a Bitcoin wallet shares its payment address (not its ordinals one), Polkadot and
 * Solana wallets their plain key. Apps change them with `defaultAccountTypes`.
 */
export const DEFAULT_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  bip122: 'payment',
  polkadot: 'eoa',
  solana: 'eoa',
} as const satisfies Partial<Record<ChainNamespace, AccountType>>
