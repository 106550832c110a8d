import { PorticoError } from '../kit.js'
/**
 * Wallet links come from the wallet listing, a custom wallet or storage, and a link the SDK opens
 * hands the pairing URI (with its symmetric key) to whatever answers it. So links are checked
 * against an allow-list of shapes, never a list of known-bad ones alone:
 *
 * - `https://host/…`: universal links and web wallets, on an ASCII host name (no punycode).
 * - `http://host/…` only when the host is this machine (`localhost`, `127.x`, `[::1]`): a
 *   devnet's wallet page. Another machine of the network (`http://intranet/`, `192.168.…`) is
 *   refused: a wallet never lives there, and its pages see the pairing key in the clear.
 * - `scheme://…`: a wallet app's own scheme (`metamask://`, `trust://wc`), and only one the
 *   wallet declares (`walletSchemes`: its listing's native mobile and desktop links) when the
 *   caller says which. The `//` is required: the opaque `scheme:payload` form is how
 *   operating-system handlers are abused (`ms-msdt:/id …`, `search-ms:query=…`, `tel:+1900…`).
 * - `scheme:` with nothing after the colon: a listing's shorthand for `scheme://` (`rainbow:`),
 *   read as exactly that.
 *
 * App schemes that open something other than a wallet are refused even when declared: see
 * BLOCKED_SCHEMES.
 */

/** Longest link followed; far above any real wallet link, far below anything that costs time. */
export const MAX_LINK_LENGTH = 2_048

/**
 * Schemes refused even when they look like an app scheme, by what they would do:
 * - run script or show content under a trusted-looking address: javascript, vbscript,
 *   livescript, data, blob, about, filesystem, view-source, jar (Firefox archive reader), mhtml,
 *   cid, mid, wyciwyg;
 * - reach local files or network shares (and leak Windows credentials to a remote share): file,
 *   smb, nfs, afp, ftp, ftps, sftp, dav, webdav, search, search-ms (Explorer search of a remote
 *   share, used to deliver malware), shell, res, mk, hcp and help (Windows help), its;
 * - start an installer or a system tool: every `ms-` scheme (ms-msdt "Follina" CVE-2022-30190,
 *   ms-officecmd remote code execution, ms-appinstaller used to deliver malware until Windows
 *   disabled it, ms-settings…), itms-services (iOS enterprise app install), intent and
 *   android-app (Android's intent URLs launch any activity with any extras), microsoft-edge;
 * - open browser internals or extensions: chrome, every `chrome-` and `moz-` scheme, resource,
 *   devtools (`edge` is left alone: browsers refuse to open their own pages from a web page anyway,
 *   and a wallet app is called Edge);
 * - are not a wallet at all and cost money or leak the pairing key to a third party: mailto, tel,
 *   sms, mms, facetime, facetime-audio, callto, sip, sips, ws, wss (not navigable);
 * - launch another desktop application with attacker-chosen arguments, each with a history of
 *   being abused from web pages: code editors (vscode, vscode-insiders, vscodium, cursor: clone a
 *   repository, install an extension), game launchers (steam: `steam://run` with arguments, epic
 *   `com.epicgames.launcher`, origin, uplay, battlenet), meetings and chat (zoommtg, zoomus,
 *   msteams, slack, skype, discord, tg, whatsapp), remote desktop (rdp, vnc, ssh, telnet, x-
 *   handlers are refused by prefix), and system helpers (x-apple-helpviewer, x-github-client).
 */
const BLOCKED_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'livescript',
  'data',
  'blob',
  'about',
  'filesystem',
  'view-source',
  'jar',
  'mhtml',
  'cid',
  'mid',
  'wyciwyg',
  'file',
  'smb',
  'nfs',
  'afp',
  'ftp',
  'ftps',
  'sftp',
  'dav',
  'webdav',
  'search',
  'search-ms',
  'shell',
  'res',
  'mk',
  'hcp',
  'help',
  'its',
  'itms-services',
  'intent',
  'android-app',
  'microsoft-edge',
  'chrome',
  'moz-extension',
  'resource',
  'devtools',
  'mailto',
  'tel',
  'sms',
  'mms',
  'facetime',
  'facetime-audio',
  'callto',
  'sip',
  'sips',
  'ws',
  'wss',
  'vscode',
  'vscode-insiders',
  'vscodium',
  'cursor',
  'steam',
  'com.epicgames.launcher',
  'origin',
  'uplay',
  'battlenet',
  'zoommtg',
  'zoomus',
  'msteams',
  'slack',
  'skype',
  'discord',
  'tg',
  'whatsapp',
  'rdp',
  'vnc',
  'ssh',
  'telnet',
])
/**
 * Families refused whole: Windows' `ms-…` handlers, Chromium's and Firefox's own pages, and the
 * `x-…` handlers of desktop helpers (x-apple-helpviewer, x-github-client).
 */
const BLOCKED_PREFIXES = ['ms-', 'chrome-', 'moz-', 'x-']

/** RFC 3986 scheme syntax. */
const SCHEME = /^[a-z][a-z0-9+.-]*$/
/** Printable ASCII without space: what a link is made of once it is encoded. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/

export function isBlockedScheme(scheme: string): boolean {
  const lower = scheme.toLowerCase()
  return BLOCKED_SCHEMES.has(lower) || BLOCKED_PREFIXES.some((prefix) => lower.startsWith(prefix))
}

function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.').map(Number)
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p))) return false
  const [a = -1, b = -1] = parts
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  )
}

/**
 * This machine or a private network: loopback and private IPv4 ranges, IPv6 loopback, unique
 * local and link-local, a single-label name (not on the internet) and the names reserved for
 * local use (`.localhost`, `.local`, `.test`, `.internal`, `.home.arpa`).
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host.startsWith('[')) {
    const ip = host.slice(1, -1)
    return ip === '::1' || /^f[cd][0-9a-f]{2}:/.test(ip) || /^fe[89ab][0-9a-f]:/.test(ip)
  }
  if (isPrivateIPv4(host)) return true
  // A public IPv4 address ends in neither of the suffixes below; `localhost` has no dot.
  if (!host.includes('.')) return host.length > 0
  return /\.(localhost|local|test|internal|home\.arpa)$/.test(host)
}

/**
 * This machine only: `localhost` and its subdomains, 127.0.0.0/8 and `[::1]`. Where a plain
 * http wallet link may point (a devnet's wallet page); a private network is another machine.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === '[::1]') return true
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  const parts = host.split('.')
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p))
}

/**
 * The normalised href of a wallet link that is safe to follow, or undefined. `scheme:` alone
 * comes back as `scheme://`. With `schemes` (the wallet's declared app schemes, lower case), an
 * app link must use one of them; without, any app scheme of the right shape passes (what a stored
 * value is read back through before the wallet it belongs to is known). Never throws.
 */
export function toSafeWalletLink(value: unknown, schemes?: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LINK_LENGTH) {
    return undefined
  }
  // Whitespace, controls, non-ASCII lookalikes (`ｊavascript:`) and backslashes (which URL
  // parsers read as slashes in some places and not others) are a smuggling attempt, not a typo.
  if (!PRINTABLE_ASCII.test(value) || value.includes('\\')) return undefined
  const colon = value.indexOf(':')
  if (colon <= 0) return undefined
  const scheme = value.slice(0, colon).toLowerCase()
  const rest = value.slice(colon + 1)
  if (!SCHEME.test(scheme) || isBlockedScheme(scheme)) return undefined
  const web = scheme === 'https' || scheme === 'http'
  if (!web && schemes && !schemes.includes(scheme)) return undefined
  let source: string
  if (rest === '' && !web) source = `${scheme}://`
  else if (rest.startsWith('//')) source = value
  else return undefined
  let url: URL
  try {
    url = new URL(source)
  } catch {
    return undefined
  }
  // The parser agrees with the reading above, or the link is refused.
  if (url.protocol !== `${scheme}:`) return undefined
  // `https://wallet.example@evil.example/` shows one host and opens another.
  if (url.username !== '' || url.password !== '') return undefined
  if (web) {
    if (!url.hostname) return undefined
    // A punycode label (`xn--mtamask-…`) is an internationalised name: in a wallet link it is a
    // lookalike of a real wallet's domain far more often than a wallet's own, and the web wallet's
    // address is what the user reads to decide whether to trust the tab it opens.
    if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) return undefined
    if (scheme === 'http' && !isLoopbackHost(url.hostname)) return undefined
  }
  return url.href
}

/**
 * The app schemes a wallet declares: those of its listing's native mobile and desktop links
 * (`trust://` declares `trust`), lower case, each once; web links declare none, and a refused
 * scheme is never declared.
 */
export function walletSchemes(wallet: { mobileLink?: unknown; desktopLink?: unknown }): string[] {
  const schemes: string[] = []
  for (const link of [wallet.mobileLink, wallet.desktopLink]) {
    const href = toSafeWalletLink(link)
    if (!href) continue
    const scheme = href.slice(0, href.indexOf(':'))
    if (scheme !== 'https' && scheme !== 'http' && !schemes.includes(scheme)) schemes.push(scheme)
  }
  return schemes
}

/** Parses a wallet link: the URL when `toSafeWalletLink` accepts it, undefined otherwise. */
export function parseWalletLink(value: unknown, schemes?: readonly string[]): URL | undefined {
  const href = toSafeWalletLink(value, schemes)
  return href === undefined ? undefined : new URL(href)
}

export function isSafeWalletLink(value: unknown, schemes?: readonly string[]): value is string {
  return toSafeWalletLink(value, schemes) !== undefined
}

/** Like parseWalletLink, but throws a PorticoError naming the refused link. */
export function assertSafeWalletLink(value: unknown, schemes?: readonly string[]): URL {
  const url = parseWalletLink(value, schemes)
  if (!url) {
    throw new PorticoError(
      'INVALID_INPUT',
      'Refused to open a link with an unsafe or malformed URL',
      {
        details: { link: typeof value === 'string' ? value.slice(0, 100) : typeof value },
      },
    )
  }
  return url
}
