import { DEVNET_PROJECT_ID } from '../config/constants.js'
import type { DevnetPage } from '../kernel/service.js'
import type { DevnetInfo } from '../registry.js'

/** What an app passes to `createPortico` to run on this devnet. */
export function porticoConfig(info: DevnetInfo) {
  return {
    projectId: DEVNET_PROJECT_ID,
    networks: info.networks,
    apiUrls: {
      blockchain: info.apiUrl,
      toolkit: info.apiUrl,
      pulse: info.apiUrl,
      relay: info.relayUrl,
      secureSite: info.secureSiteUrl,
    },
  }
}

/** `createPortico({ … })` with this devnet's values, as code an app pastes. */
export function createPorticoSnippet(info: DevnetInfo): string {
  return [
    "import { createPortico } from '@portico/core'",
    '',
    `export const portico = createPortico(${toSource(porticoConfig(info), '', 100)})`,
  ].join('\n')
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
/** A value's one-line form is used when its line stays within this width. */
const LINE_WIDTH = 100

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const key = (name: string) => (IDENTIFIER.test(name) ? name : quote(name))

/** A plain value as TypeScript source on one line: `{ a: 'x', b: [1, 2] }`. */
function oneLine(value: unknown): string {
  if (typeof value === 'string') return quote(value)
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    if (entries.length === 0) return '{}'
    return `{ ${entries.map(([name, v]) => `${key(name)}: ${oneLine(v)}`).join(', ')} }`
  }
  return String(value)
}

/**
 * A plain value as TypeScript source, formatted as a person would (unquoted keys, single-quoted
 * strings, what fits on one line on one line): `indent` is the line's, `used` what is before it.
 */
function toSource(value: unknown, indent: string, used = indent.length): string {
  const flat = oneLine(value)
  if (used + flat.length <= LINE_WIDTH || typeof value !== 'object' || value === null) return flat
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${inner}${toSource(item, inner)},`).join('\n')}\n${indent}]`
  }
  const lines = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => {
      const head = `${inner}${key(name)}: `
      return `${head}${toSource(v, inner, head.length)},`
    })
  return `{\n${lines.join('\n')}\n${indent}}`
}

const row = (label: string, value: string) => `  ${label.padEnd(18)}${value}`

/**
 * What `portico-devnet` prints once the devnet runs: every page and URL the services declare
 * (in registry order: the API, the relay, the Devnet Mobile Wallet, the secure site, the Devnet
 * Inbox, the mail catcher, the chains), the app's own contract, the browser wallets, the
 * accounts, and the `createPortico` config to paste.
 */
export function devnetSummary(parts: {
  pages: readonly DevnetPage[]
  info: DevnetInfo
  accounts: readonly { address: string }[]
  seconds: number
}): string {
  const { info } = parts
  const firstChain = info.chains[0]?.chainId ?? 31337
  return [
    '',
    `Portico devnet is up in ${parts.seconds.toFixed(1)} s (Ctrl-C stops it)`,
    '',
    ...parts.pages.map(({ label, url, about }) => row(label, about ? `${url}  (${about})` : url)),
    row(
      'guestbook',
      `${info.guestbook[firstChain]}  (DevnetGuestbook, every EVM chain; ABI: DevnetGuestbook.abi from @portico/devnet/contracts)`,
    ),
    row(
      'browser wallets',
      'with Vite: porticoDevnet() from @portico/devnet/vite puts them on the page',
    ),
    row('', `any page: <script type="module" src="${info.walletsScriptUrl}"></script>`),
    row('', '(?autoApprove=1: no prompts; ?solanaWallet=0 or ?bitcoinWallet=0 leaves one off)'),
    '',
    `  mnemonic: ${info.mnemonic}`,
    ...parts.accounts.map((account, i) => `  account ${i}: ${account.address}`),
    '',
    'createPortico config for this devnet (paste into your app):',
    '',
    createPorticoSnippet(info),
    '',
  ].join('\n')
}
