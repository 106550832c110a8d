import type { Logger } from '../logger/index.js'
import type { PorticoNetwork } from '../options/index.js'
import type { WalletConnectAuthRequest } from '../walletconnect/index.js'
import { cacao as cacaoValidator } from './session.js'
import type { SiwxConfig, SiwxMessageData, SiwxSession } from './types.js'

/**
 * WalletConnect one-click sign-in: the sign-in travels in the pairing proposal, and the wallet
 * answers it with CACAOs (one per chain) in the same approval. eip155 only.
 */

/** The only namespace whose wallets can sign in within the WalletConnect approval. */
export const ONE_CLICK_NAMESPACE = 'eip155'

/**
 * The address a one-click request's message is made for: the account is not known before the
 * wallet approves, and the wallet writes its own into each message it signs.
 */
export const ONE_CLICK_PLACEHOLDER_ADDRESS = '0x0000000000000000000000000000000000000000'

/** How long a one-click request stays valid in the wallet (seconds): a nonce's usual life. */
export const ONE_CLICK_REQUEST_TTL_S = 600

const DID_PKH = /^did:pkh:(eip155):([-_a-zA-Z0-9]{1,32}):(0x[0-9a-fA-F]{40})$/

/** The request for a pairing: the configuration's message fields, for the app's eip155 chains. */
export async function oneClickRequest(
  config: SiwxConfig,
  networks: readonly PorticoNetwork[],
): Promise<WalletConnectAuthRequest | undefined> {
  const chains = networks.map((n) => n.id).filter((id) => id.startsWith(`${ONE_CLICK_NAMESPACE}:`))
  const first = chains[0]
  if (!first) return undefined
  const { data } = await config.createMessage({
    accountAddress: ONE_CLICK_PLACEHOLDER_ADDRESS,
    chainId: first,
  })
  const request: WalletConnectAuthRequest = {
    domain: data.domain,
    uri: data.uri,
    chains,
    nonce: data.nonce,
    ttl: ONE_CLICK_REQUEST_TTL_S,
  }
  if (data.statement) request.statement = data.statement
  if (data.expirationTime) request.exp = data.expirationTime
  if (data.notBefore) request.nbf = data.notBefore
  if (data.requestId) request.requestId = data.requestId
  if (data.resources?.length) request.resources = [...data.resources]
  return request
}

/** A CACAO as a session: the fields of its payload, the text it signed, its signature. */
export function cacaoToSession(
  raw: unknown,
  format: (cacao: unknown) => string,
): SiwxSession | undefined {
  const cacao = cacaoValidator(raw)
  const did = cacao && DID_PKH.exec(cacao.p.iss)
  if (!cacao || !did) return undefined
  const p = cacao.p as Record<string, unknown>
  const text = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : undefined)
  const uri = text('aud') ?? text('uri')
  const issuedAt = text('iat')
  if (!uri || !issuedAt) return undefined
  const data: SiwxMessageData = {
    accountAddress: did[3] as string,
    chainId: `${did[1]}:${did[2]}`,
    domain: cacao.p.domain,
    uri,
    version: '1',
    nonce: cacao.p.nonce,
    issuedAt,
  }
  for (const [key, field] of [
    ['exp', 'expirationTime'],
    ['nbf', 'notBefore'],
    ['statement', 'statement'],
    ['requestId', 'requestId'],
  ] as const) {
    const value = text(key)
    if (value) data[field] = value
  }
  if (Array.isArray(p.resources)) {
    data.resources = p.resources.filter((r): r is string => typeof r === 'string')
  }
  return { data, message: format(cacao), signature: cacao.s.s, cacao }
}

/**
 * The wallet's CACAOs, offered as sessions in order until one is accepted: one nonce serves
 * them all, and a server takes it once (the first is the chain the wallet starts on).
 */
export async function acceptCacaos(
  config: SiwxConfig,
  cacaos: readonly unknown[],
  format: (cacao: unknown) => string,
  { logger }: { logger: Logger },
): Promise<SiwxSession | undefined> {
  for (const raw of cacaos) {
    let session: SiwxSession | undefined
    try {
      session = cacaoToSession(raw, format)
      if (!session) continue
      await config.addSession(session)
      return session
    } catch (error) {
      logger.warn('a one-click sign-in was refused', error)
    }
  }
  return undefined
}
