import { PorticoError } from '../kernel/lazyShared.js'

/**
 * How long a pairing may take to get its URI. Ours (the spec gives none). The URI exists once the
 * relay has accepted the session proposal: a WebSocket handshake and one request, under a second
 * on a good line and two or three on a slow mobile one (WalletConnect's own client waits 15 s per
 * socket attempt and then retries without end). Ten seconds leaves room for a slow line while the
 * user, looking at an empty QR code, still gets an error and a Retry soon; it counts from the
 * moment WalletConnect's code is loaded, so a slow download of that code does not eat into it.
 */
export const PAIRING_URI_TIMEOUT_MS = 10_000

/**
 * How long a request that must cross the relay (a signature, a transaction, a disconnect) waits
 * for the relay's socket when it is not open, or for it to come back when it drops while the
 * wallet is asked. Ours. The client retries the socket every 5 s by itself: ten seconds is two
 * retries, enough for a blip, short enough that the user hears the relay is gone instead of
 * watching "Approve in your wallet" for a request that cannot reach the wallet.
 */
export const RELAY_TIMEOUT_MS = 10_000

/**
 * How long a request waits for the wallet's answer once it is on the relay. The protocol's own:
 * a WalletConnect session request expires after five minutes (the relay drops it and the wallet
 * can no longer answer), so waiting longer can only end in silence. A person needs this long at
 * most to pick up the phone, open the wallet and read the request.
 */
export const WALLET_REQUEST_TIMEOUT_MS = 300_000

/** The relay could not be reached in time; the UI renders it as `error.RELAY_UNAVAILABLE`. */
export function relayUnavailableError(
  step: 'pairing' | 'request' | 'disconnect',
  timeoutMs: number,
): PorticoError {
  return new PorticoError(
    'RELAY_UNAVAILABLE',
    `The WalletConnect relay could not be reached within ${timeoutMs / 1_000} s (${step})`,
    { details: { step, seconds: timeoutMs / 1_000 } },
  )
}

/** The wallet did not answer a request that reached the relay; rendered as `error.WALLET_TIMEOUT`. */
export function walletConnectTimeoutError(method: string, timeoutMs: number): PorticoError {
  const seconds = timeoutMs / 1_000
  return new PorticoError('WALLET_TIMEOUT', `The wallet did not answer ${method} in ${seconds} s`, {
    details: { request: method, seconds },
  })
}
