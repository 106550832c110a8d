/**
 * Sign-in messages: EIP-4361 for eip155, the same text layout (CAIP-122) for the other
 * namespaces, only the account kind in the first line and the address form differ:
 *
 * ```
 * [scheme://]domain wants you to sign in with your Ethereum account:
 * 0xAbC…
 *
 * An optional statement, one line
 *
 * URI: http://127.0.0.1:5173/
 * Version: 1
 * Chain ID: 31337
 * Nonce: 5f1c…
 * Issued At: 2026-01-01T00:00:00.000Z
 * Expiration Time: …        (optional)
 * Not Before: …             (optional)
 * Request ID: …             (optional)
 * Resources:                (optional)
 * - https://…
 * ```
 *
 * `Chain ID` is the CAIP-2 reference: the EIP-155 number for eip155, the genesis-hash prefix for
 * Solana and Bitcoin. The parser is strict: every line in its place, nothing before, after or
 * between them, so the fields the server checks are exactly the text that was signed.
 */

/** The namespaces a sign-in message can be for, with the account kind its first line names. */
export const SIGN_IN_NAMESPACES = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
} as const

export type SignInNamespace = keyof typeof SIGN_IN_NAMESPACES

export type SignInMessage = {
  /** Only when the first line names it (`https://app.example wants you…`). */
  scheme?: string
  /** RFC 3986 authority: host, and port if any. */
  domain: string
  namespace: SignInNamespace
  address: string
  statement?: string
  uri: string
  version: '1'
  /** The CAIP-2 reference (`31337` for eip155:31337). */
  chainId: string
  nonce: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: string[]
}

/** Thrown for text that is not a well-formed sign-in message; `message` says what is wrong. */
export class SignInMessageError extends Error {}

const HEADER =
  /^(?:(?<scheme>[a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(?<domain>\S+) wants you to sign in with your (?<kind>\S+) account:$/
// A host name (letters, digits, hyphens, dots), an IPv4 address, or an IPv6 one in brackets,
// then an optional port.
const AUTHORITY =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/
const NONCE = /^[a-zA-Z0-9]{8,}$/
const EIP155_REFERENCE = /^[1-9][0-9]{0,15}$/
const CAIP2_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
// The address forms each namespace writes; the verifier checks them further (checksums, keys).
const ADDRESS_SHAPE: Record<SignInNamespace, RegExp> = {
  eip155: EVM_ADDRESS,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  bip122: /^[a-zA-Z0-9]{25,90}$/,
}
// RFC 3339 date-time, as EIP-4361 requires.
const DATE_TIME =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(\.\d+)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i

const OPTIONAL_FIELDS = [
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
] as const

function fail(reason: string): never {
  throw new SignInMessageError(reason)
}

function dateTime(value: string, field: string): Date {
  const date = DATE_TIME.test(value) ? new Date(value) : undefined
  if (!date || Number.isNaN(date.getTime())) fail(`${field} is not an RFC 3339 date-time`)
  return date
}

/** The characters RFC 3986 allows in a URI (anything else must be percent-encoded). */
const URI_CHARACTERS = /^[A-Za-z0-9:/?#[\]@!$&'()*+,;=.\-_~%]+$/

/** An absolute RFC 3986 URI: a scheme, only URI characters (no spaces), and parseable. */
function isAbsoluteUri(value: string): boolean {
  if (!URI_CHARACTERS.test(value)) return false
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value)) return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

function namespaceOf(kind: string): SignInNamespace {
  for (const [namespace, name] of Object.entries(SIGN_IN_NAMESPACES)) {
    if (name === kind) return namespace as SignInNamespace
  }
  return fail(`unsupported account kind "${kind}"`)
}

/** Reads one `Name: value` line; undefined when the line is another field. */
function field(line: string | undefined, name: string): string | undefined {
  const prefix = `${name}: `
  return line?.startsWith(prefix) ? line.slice(prefix.length) : undefined
}

/**
 * Parses a sign-in message; throws `SignInMessageError` naming the first thing wrong. Both
 * layouts of a message without a statement are read: two empty lines after the address (the
 * EIP-4361 grammar, WalletConnect's CACAO text) or one (what viem's `createSiweMessage` writes).
 */
export function parseSignInMessage(text: string): SignInMessage {
  if (typeof text !== 'string') fail('not text')
  if (text.includes('\r')) fail('carriage return in the message')
  const lines = text.split('\n')

  const header = HEADER.exec(lines[0] ?? '')?.groups
  if (!header) fail('the first line is not "<domain> wants you to sign in with your … account:"')
  const domain = header.domain as string
  if (!AUTHORITY.test(domain)) fail('domain is not an RFC 3986 authority')
  const namespace = namespaceOf(header.kind as string)

  const address = lines[1] ?? ''
  if (!ADDRESS_SHAPE[namespace].test(address)) fail(`invalid ${namespace} address`)
  if (lines[2] !== '') fail('expected an empty line after the address')

  let at = 3
  let statement: string | undefined
  const viemLayout =
    field(lines[at], 'URI') !== undefined && field(lines[at + 1], 'Version') !== undefined
  if (lines[at] === '') {
    at += 1
  } else if (!viemLayout) {
    statement = lines[at] as string
    if (lines[at + 1] !== '') fail('expected an empty line after the statement')
    at += 2
  }

  const required = (name: string) => {
    const value = field(lines[at], name)
    if (value === undefined) fail(`expected "${name}: …" on line ${at + 1}`)
    at += 1
    return value
  }
  const uri = required('URI')
  if (!isAbsoluteUri(uri)) fail('URI is not an absolute URI')
  const version = required('Version')
  if (version !== '1') fail('Version must be 1')
  const chainId = required('Chain ID')
  if (!(namespace === 'eip155' ? EIP155_REFERENCE : CAIP2_REFERENCE).test(chainId)) {
    fail('invalid Chain ID')
  }
  const nonce = required('Nonce')
  if (!NONCE.test(nonce)) fail('Nonce must be at least 8 letters or digits')
  const issuedAt = dateTime(required('Issued At'), 'Issued At')

  const message: SignInMessage = {
    domain,
    namespace,
    address,
    uri,
    version: '1',
    chainId,
    nonce,
    issuedAt,
  }
  if (header.scheme) message.scheme = header.scheme
  if (statement !== undefined) message.statement = statement

  for (const [name, key] of OPTIONAL_FIELDS) {
    const value = field(lines[at], name)
    if (value === undefined) continue
    at += 1
    if (key === 'requestId') message.requestId = value
    else message[key] = dateTime(value, name)
  }
  if (lines[at] === 'Resources:') {
    at += 1
    const resources: string[] = []
    while (at < lines.length) {
      const line = lines[at] as string
      if (!line.startsWith('- ') || !isAbsoluteUri(line.slice(2))) fail('invalid resource line')
      resources.push(line.slice(2))
      at += 1
    }
    message.resources = resources
  }
  if (at < lines.length) fail(`unexpected text on line ${at + 1}`)
  return message
}

/**
 * Writes a message in the EIP-4361 grammar (two empty lines when there is no statement), the
 * form WalletConnect's CACAOs use; dates as ISO 8601 UTC with milliseconds.
 */
export function formatSignInMessage(message: SignInMessage): string {
  const origin = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
  const lines = [
    `${origin} wants you to sign in with your ${SIGN_IN_NAMESPACES[message.namespace]} account:`,
    message.address,
    '',
    ...(message.statement !== undefined ? [message.statement] : []),
    '',
    `URI: ${message.uri}`,
    `Version: ${message.version}`,
    `Chain ID: ${message.chainId}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${message.issuedAt.toISOString()}`,
  ]
  if (message.expirationTime) {
    lines.push(`Expiration Time: ${message.expirationTime.toISOString()}`)
  }
  if (message.notBefore) lines.push(`Not Before: ${message.notBefore.toISOString()}`)
  if (message.requestId !== undefined) lines.push(`Request ID: ${message.requestId}`)
  if (message.resources) {
    lines.push('Resources:', ...message.resources.map((resource) => `- ${resource}`))
  }
  return lines.join('\n')
}

/** `eip155:31337` for a message whose Chain ID is 31337 and whose account is Ethereum's. */
export function caipNetworkIdOf(message: Pick<SignInMessage, 'namespace' | 'chainId'>): string {
  return `${message.namespace}:${message.chainId}`
}
