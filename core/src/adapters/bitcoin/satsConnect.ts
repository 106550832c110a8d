import type { Connector, SatsConnectProvider } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { cleanDisplayText } from '../../kit.js'
import { isRecord } from '../../storage/validators.js'
import { toStandardWalletError } from '../standardWallet.js'
import { WALLET_ERROR_CODES } from '../walletErrors.js'
import { networkNameReference } from './chains.js'

/** sats-connect's error codes Portico reacts to. */
export const SATS_CONNECT_ERRORS = { userRejected: -32000, accessDenied: -32002 } as const
/** The longest wallet error text kept in a message. */
const MAX_WALLET_MESSAGE_LENGTH = 200

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

/** The sats-connect provider of a connector: its own, or a Wallet Standard wallet's. */
export function satsConnectOf(connector: Connector): SatsConnectProvider | undefined {
  if (connector.satsConnect) return connector.satsConnect
  const feature = connector.wallet?.features['sats-connect:']
  return isRecord(feature) &&
    isRecord(feature.provider) &&
    typeof feature.provider.request === 'function'
    ? (feature.provider as SatsConnectProvider)
    : undefined
}

/** Asks a sats-connect provider; what it throws or answers as an error is a PorticoError. */
export async function ask(
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

/** The chain a sats-connect wallet is on, when it can say. */
export async function satsConnectChain(provider: SatsConnectProvider): Promise<string | undefined> {
  try {
    const network = await ask(provider, 'wallet_getNetwork', undefined, 'network request')
    return isRecord(network) && isRecord(network.bitcoin)
      ? networkNameReference(network.bitcoin.name)
      : undefined
  } catch {
    return undefined // older providers do not know the method
  }
}
