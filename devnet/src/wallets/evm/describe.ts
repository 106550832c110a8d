import { caipNetworkIdOf, parseSignInMessage } from '@portico/server/message'
import { formatEther, hexToString, isHex } from 'viem'

/** A message as text when it is readable UTF-8, else as the hex it came in. */
export function readableMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // Control characters other than whitespace mean it was not meant as text.
    const binary = [...text].some((c) => {
      const code = c.charCodeAt(0)
      return code < 0x20 && c !== '\n' && c !== '\r' && c !== '\t'
    })
    return binary || text.includes('\ufffd') ? message : text
  } catch {
    return message
  }
}

export type TransactionFields = {
  from?: string
  to?: string | null
  value?: string
  data?: string
  input?: string
  gas?: string
}

export function describeTransaction(tx: TransactionFields, chainName: string): string[] {
  const data = tx.data ?? tx.input
  const lines = [
    `Network: ${chainName}`,
    `From: ${tx.from ?? '(selected account)'}`,
    `To: ${tx.to ?? '(contract creation)'}`,
    `Value: ${tx.value ? formatEther(BigInt(tx.value)) : '0'} ETH`,
  ]
  if (data && data !== '0x') {
    lines.push(
      `Data: ${data.length > 138 ? `${data.slice(0, 138)}… (${(data.length - 2) / 2} bytes)` : data}`,
    )
  }
  if (tx.gas) lines.push(`Gas limit: ${BigInt(tx.gas)}`)
  return lines
}

/**
 * When a text to sign is a sign-in message (EIP-4361, or CAIP-122 for other chains): the title
 * and the lines a wallet shows above it, with the check wallets make against phishing: the
 * domain the message signs in to must be the site asking (`site`, an origin), else a warning.
 * Undefined for any other text.
 */
export function describeSignIn(
  text: string,
  site: string | undefined,
): { title: string; lines: string[] } | undefined {
  let message: ReturnType<typeof parseSignInMessage>
  try {
    message = parseSignInMessage(text)
  } catch {
    return undefined
  }
  const target = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
  const lines = [`Sign in to: ${target}`, `Sign-in network: ${caipNetworkIdOf(message)}`]
  if (message.expirationTime) lines.push(`Expires: ${message.expirationTime.toISOString()}`)
  let siteHost: string | undefined
  try {
    siteHost = site ? new URL(site).host : undefined
  } catch {
    siteHost = undefined
  }
  if (siteHost !== undefined && siteHost !== message.domain.toLowerCase()) {
    lines.push(
      `Warning: this signs you in to ${message.domain}, but the request comes from ${siteHost}`,
    )
  }
  return { title: 'Sign-in request', lines }
}
