// What the approval says about a request, computed from exactly what will be signed: the total
// a transaction can cost (value + gas × max fee), the calls it makes decoded where they are the
// token calls that move money (ERC-20 transfer, approve, transferFrom, EIP-2612 permit), the
// chain and contract typed data is bound to, and sign-in messages for another site. Amounts are
// in the token's units when its decimals were read from the chain, else raw.

import { decodeFunctionData, formatUnits, type Hex, maxUint256, parseAbi } from 'viem'
import { cleanText } from './text.js'

export type Line = [label: string, value: string]
export type Described = { details: Line[]; warnings: string[]; body?: string }
export type FrameChain = { chainId: number; name: string }
/** A token's symbol and decimals as its contract answered them. */
export type TokenInfo = { symbol: string; decimals: number }

const ERC20 = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
])

/**
 * A chain id as apps write it (a number, a bigint, hex, decimal text), or undefined when it is
 * not a positive safe integer.
 */
export function chainIdOf(value: unknown): number | undefined {
  let id: bigint | undefined
  if (typeof value === 'number' && Number.isSafeInteger(value)) id = BigInt(value)
  else if (typeof value === 'bigint') id = value
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,14}$/.test(value)) id = BigInt(value)
  else if (typeof value === 'string' && /^[0-9]{1,16}$/.test(value)) id = BigInt(value)
  if (id === undefined || id <= 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined
  return Number(id)
}

const chainLabel = (chain: FrameChain) => `${cleanText(chain.name, { max: 60 })} (${chain.chainId})`

/** An amount in the token's units when known, else raw; the maximum is "unlimited". */
export function tokenAmount(amount: bigint, token: TokenInfo | undefined): string {
  if (amount === maxUint256) return `Unlimited${token ? ` ${token.symbol}` : ''}`
  if (!token) return `${amount} (raw units; the token's decimals are unknown)`
  return `${formatUnits(amount, token.decimals)} ${token.symbol}`
}

/** The known token call in `data`, or undefined. */
export function decodeTokenCall(data: Hex | undefined) {
  if (!data || data.length < 10) return undefined
  try {
    return decodeFunctionData({ abi: ERC20, data })
  } catch {
    return undefined
  }
}

function callLines(data: Hex | undefined, token: TokenInfo | undefined, prefix = ''): Described {
  const details: Line[] = []
  const warnings: string[] = []
  const call = decodeTokenCall(data)
  if (!call) return { details, warnings }
  const amountOf = (value: bigint) => tokenAmount(value, token)
  switch (call.functionName) {
    case 'transfer':
      details.push([`${prefix}Action`, 'Token transfer'], [`${prefix}Recipient`, call.args[0]])
      details.push([`${prefix}Amount`, amountOf(call.args[1])])
      break
    case 'transferFrom':
      details.push([`${prefix}Action`, 'Token transfer from another account'])
      details.push([`${prefix}From account`, call.args[0]], [`${prefix}Recipient`, call.args[1]])
      details.push([`${prefix}Amount`, amountOf(call.args[2])])
      break
    case 'approve':
      details.push([`${prefix}Action`, 'Token approval'], [`${prefix}Spender`, call.args[0]])
      details.push([`${prefix}Allowance`, amountOf(call.args[1])])
      if (call.args[1] === maxUint256) {
        warnings.push(`The spender ${call.args[0]} may take all of this token, at any time.`)
      }
      break
    case 'permit':
      details.push([`${prefix}Action`, 'Token permit'], [`${prefix}Spender`, call.args[1]])
      details.push([`${prefix}Allowance`, amountOf(call.args[2])])
      break
  }
  return { details, warnings }
}

/** A transaction whose gas and fees are filled in: what will be signed. */
export type FilledTransaction = {
  from: string
  to?: string | null
  value: bigint
  data?: Hex
  gas: bigint
  /** maxFeePerGas, or gasPrice for a legacy transaction. */
  maxFeePerGas: bigint
}

export function describeTransaction(
  tx: FilledTransaction,
  chain: FrameChain,
  token?: TokenInfo,
  symbol = 'ETH',
): Described {
  const fee = tx.gas * tx.maxFeePerGas
  const eth = (wei: bigint) => `${formatUnits(wei, 18)} ${symbol}`
  const decoded = callLines(tx.data, token)
  const bytes = tx.data && tx.data !== '0x' ? (tx.data.length - 2) / 2 : 0
  return {
    details: [
      ['Network', chainLabel(chain)],
      ['From', tx.from],
      ['To', tx.to ?? '(contract creation)'],
      ['Value', eth(tx.value)],
      ['Network fee (at most)', eth(fee)],
      ['Total cost (at most)', eth(tx.value + fee)],
      ...decoded.details,
      ...(bytes > 0 ? [['Data', `${bytes} bytes, shown in full below`] as Line] : []),
    ],
    warnings: decoded.warnings,
    ...(bytes > 0 ? { body: tx.data } : {}),
  }
}

/** The calls of a batch, each with its own lines, and the batch's total value. */
export function describeCalls(
  calls: readonly { to: string; value?: Hex; data?: Hex }[],
  chain: FrameChain,
  from: string,
  tokens: readonly (TokenInfo | undefined)[],
  symbol = 'ETH',
): Described {
  const details: Line[] = [
    ['Network', chainLabel(chain)],
    ['From', from],
  ]
  const warnings: string[] = []
  const bodies: string[] = []
  let total = 0n
  calls.forEach((call, i) => {
    const value = call.value ? BigInt(call.value) : 0n
    total += value
    const prefix = `Call ${i + 1} `
    details.push(
      [`${prefix}to`, call.to],
      [`${prefix}value`, `${formatUnits(value, 18)} ${symbol}`],
    )
    const decoded = callLines(call.data, tokens[i], prefix)
    details.push(...decoded.details)
    warnings.push(...decoded.warnings)
    if (call.data && call.data !== '0x') bodies.push(`Call ${i + 1} data:\n${call.data}`)
  })
  details.push(['Total value', `${formatUnits(total, 18)} ${symbol} plus network fees`])
  return { details, warnings, ...(bodies.length > 0 ? { body: bodies.join('\n\n') } : {}) }
}

const SIGN_IN_FIRST_LINE =
  /^(?:([a-z][a-z0-9+.-]*):\/\/)?([^\s/]+) wants you to sign in with your [^\n]* account:?$/i

/** A message to sign: sign-in messages for another site than the app's origin get a warning. */
export function describeMessage(text: string, appOrigin: string): Described {
  const body = cleanText(text, { multiline: true })
  const warnings: string[] = []
  const details: Line[] = []
  const first = SIGN_IN_FIRST_LINE.exec(text.split('\n', 1)[0]?.trim() ?? '')
  if (first) {
    const [, scheme, domain] = first as unknown as [string, string | undefined, string]
    const app = new URL(appOrigin)
    details.push(['Sign in to', cleanText(scheme ? `${scheme}://${domain}` : domain, { max: 200 })])
    const sameHost = domain.toLowerCase() === app.host
    const sameScheme = scheme === undefined || `${scheme.toLowerCase()}:` === app.protocol
    if (!sameHost || !sameScheme) {
      warnings.push(
        `This message signs you in to ${cleanText(domain, { max: 200 })}, but the request comes from ${app.host}.`,
      )
    }
  }
  if (body !== text) warnings.push('The message holds hidden or control characters (shown as �).')
  return { details, warnings, body }
}

/** Typed data: the chain and contract it is bound to (its own, not the active network). */
export function describeTypedData(
  typed: { domain?: Record<string, unknown>; primaryType?: unknown; message?: unknown },
  active: FrameChain,
  chains: readonly FrameChain[],
  token?: TokenInfo,
): Described {
  const domain = typed.domain ?? {}
  const details: Line[] = [
    ['Active network', chainLabel(active)],
    ['Primary type', cleanText(String(typed.primaryType), { max: 100 })],
  ]
  const warnings: string[] = []
  if (domain.name !== undefined)
    details.push(['Domain', cleanText(String(domain.name), { max: 100 })])
  const chainId = chainIdOf(domain.chainId)
  if (chainId === undefined) {
    details.push(['Signature chain', 'none (valid on every chain)'])
    warnings.push('This signature names no chain: it can be used on any network.')
  } else {
    const known = chains.find((c) => c.chainId === chainId)
    details.push(['Signature chain', known ? chainLabel(known) : `Chain ${chainId}`])
    if (chainId !== active.chainId) {
      warnings.push(
        `This signature is for chain ${chainId}, not the active network ${chainLabel(active)}.`,
      )
    }
  }
  if (domain.verifyingContract !== undefined) {
    details.push(['Verifying contract', cleanText(String(domain.verifyingContract), { max: 100 })])
  }
  const message = (typed.message ?? {}) as Record<string, unknown>
  if (typed.primaryType === 'Permit' && message.spender !== undefined) {
    details.push(['Permit spender', cleanText(String(message.spender), { max: 100 })])
    try {
      details.push(['Permit allowance', tokenAmount(BigInt(String(message.value)), token)])
      if (BigInt(String(message.value)) === maxUint256) {
        warnings.push(
          `The spender ${String(message.spender)} may take all of this token, at any time.`,
        )
      }
    } catch {
      details.push(['Permit allowance', cleanText(String(message.value), { max: 100 })])
    }
  }
  const json = JSON.stringify(typed.message, (_, v) => (typeof v === 'bigint' ? String(v) : v), 2)
  return { details, warnings, body: cleanText(json ?? '', { multiline: true }) }
}
