import type { CaipNetworkId } from '../caip/index.js'
import { PorticoError } from '../kit.js'
import type { SiwxContext, SiwxMessage, SiwxMessageData, SiwxMessageOptions } from './types.js'

/**
 * Sign-in messages. eip155: EIP-4361, written by viem's `createSiweMessage` (loaded with this
 * module, which is itself loaded on first use). Other namespaces: CAIP-122, the same lines with
 * the chain's account kind in the first line and the CAIP-2 reference as `Chain ID`.
 */

/**
 * How long a sign-in message is valid, and so how long the session it opens lasts, unless the
 * app says otherwise. Ours: one day, the devnet server's own session cap.
 */
export const DEFAULT_SESSION_DURATION_MS = 24 * 60 * 60_000

/** The account kind each namespace's first line names (CAIP-122). */
export const ACCOUNT_KINDS: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

// RFC 3986 authority: a host name, an IPv4 address or a bracketed IPv6 one, and a port.
const AUTHORITY =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/
// A URI: a scheme, then only characters RFC 3986 allows (so no space and no line break).
const URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:[A-Za-z0-9:/?#[\]@!$&'()*+,;=.\-_~%]+$/
const NONCE = /^[a-zA-Z0-9]{8,}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/
const LINE_BREAK = /[\r\n\u2028\u2029]/

function invalid(field: string): never {
  throw new PorticoError('INVALID_INPUT', `The sign-in message has an invalid ${field}`, {
    details: { field },
  })
}

function isDate(value: string | undefined) {
  return value === undefined || Number.isFinite(Date.parse(value))
}

/**
 * Checks every field before it is written into a message: a field with a line break could forge
 * the lines after it, so what the wallet shows is exactly what the server reads.
 */
export function checkMessageData(data: SiwxMessageData): SiwxMessageData {
  const [namespace, reference, extra] = data.chainId.split(':')
  if (!namespace || !ACCOUNT_KINDS[namespace] || !reference || extra !== undefined) {
    invalid('chain id')
  }
  if (!REFERENCE.test(reference) || (namespace === 'eip155' && !/^[1-9]\d{0,15}$/.test(reference)))
    invalid('chain id')
  if (!ADDRESS.test(data.accountAddress)) invalid('address')
  if (!AUTHORITY.test(data.domain)) invalid('domain')
  if (!URI.test(data.uri)) invalid('URI')
  if (data.version !== '1') invalid('version')
  if (!NONCE.test(data.nonce)) invalid('nonce')
  if (!isDate(data.issuedAt) || !isDate(data.expirationTime) || !isDate(data.notBefore)) {
    invalid('date')
  }
  if (data.statement !== undefined && (data.statement === '' || LINE_BREAK.test(data.statement)))
    invalid('statement')
  if (data.requestId !== undefined && (data.requestId === '' || LINE_BREAK.test(data.requestId)))
    invalid('request id')
  for (const resource of data.resources ?? []) if (!URI.test(resource)) invalid('resource')
  return data
}

/** The fields of a new message: the page, the nonce, now and the app's choices. */
export function buildMessageData(input: {
  accountAddress: string
  chainId: CaipNetworkId
  nonce: string
  now: number
  domain: string | undefined
  uri: string | undefined
  options: SiwxMessageOptions
}): SiwxMessageData {
  const { options, now } = input
  const domain = options.domain ?? input.domain
  const uri = options.uri ?? input.uri
  if (!domain) invalid('domain')
  if (!uri) invalid('URI')
  const data: SiwxMessageData = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain,
    uri,
    version: '1',
    nonce: input.nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(
      now + (options.expiresInMs ?? DEFAULT_SESSION_DURATION_MS),
    ).toISOString(),
  }
  if (options.statement !== undefined) data.statement = options.statement
  if (options.resources?.length) data.resources = [...options.resources]
  return data
}

/** A new message for the account with this nonce, made now for the page (or the app's URL). */
export function newSignInMessage(
  context: Pick<SiwxContext, 'now' | 'domain' | 'uri'>,
  options: SiwxMessageOptions,
  account: { accountAddress: string; chainId: CaipNetworkId },
  nonce: string,
): Promise<SiwxMessage> {
  return createSignInMessage(
    buildMessageData({
      ...account,
      nonce,
      now: context.now(),
      domain: context.domain,
      uri: context.uri,
      options,
    }),
  )
}

/** CAIP-122 text: the EIP-4361 lines with the namespace's account kind. */
export function formatCaip122(data: SiwxMessageData): string {
  const [namespace, reference] = data.chainId.split(':') as [string, string]
  const lines = [
    `${data.domain} wants you to sign in with your ${ACCOUNT_KINDS[namespace]} account:`,
    data.accountAddress,
    '',
    ...(data.statement === undefined ? [] : [data.statement]),
    '',
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  ]
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId !== undefined) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/**
 * The message for these fields, text written now. eip155 addresses are written in their EIP-55
 * form (the standard asks for it; wallets may share them in lower case).
 */
export async function createSignInMessage(fields: SiwxMessageData): Promise<SiwxMessage> {
  let data = checkMessageData(fields)
  let text: string
  if (data.chainId.startsWith('eip155:')) {
    const [{ createSiweMessage }, { getAddress }] = await Promise.all([
      import('viem/siwe'),
      import('viem'),
    ])
    data = { ...data, accountAddress: getAddress(data.accountAddress) }
    text = writeSiwe(createSiweMessage, data)
  } else {
    text = formatCaip122(data)
  }
  return { data, toString: () => text }
}

/**
 * viem is stricter than RFC 3986 on a few fields (a domain must have a dot, be an IP address or
 * localhost): what it refuses is bad input like any other refused field, not a crash.
 */
function writeSiwe(
  createSiweMessage: typeof import('viem/siwe').createSiweMessage,
  data: SiwxMessageData,
): string {
  try {
    return createSiweMessage({
      address: data.accountAddress as `0x${string}`,
      chainId: Number(data.chainId.slice('eip155:'.length)),
      domain: data.domain,
      uri: data.uri,
      version: '1',
      nonce: data.nonce,
      issuedAt: new Date(data.issuedAt),
      expirationTime: data.expirationTime ? new Date(data.expirationTime) : undefined,
      notBefore: data.notBefore ? new Date(data.notBefore) : undefined,
      requestId: data.requestId,
      statement: data.statement,
      // An empty list is no Resources line, as in CAIP-122 text.
      resources: data.resources?.length ? [...data.resources] : undefined,
    })
  } catch (error) {
    const field = /field "([^"]+)"/.exec(String((error as Error)?.message))?.[1]
    if ((error as Error)?.name === 'SiweInvalidMessageFieldError') invalid(field ?? 'field')
    throw error
  }
}

/** 16 random bytes as 32 hex digits, for sessions kept in the browser (EIP-4361 wants ≥ 8). */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
