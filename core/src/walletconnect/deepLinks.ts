import type { ListedWallet } from '../connectors/index.js'
// Loaded with the WalletConnect provider, in the heavy half (a link needs a pairing URI, which
// only the provider makes).
import { assertSafeWalletLink, toSafeWalletLink, walletSchemes } from '../lazyKit.js'

/** Where a wallet link opens: the phone app, the desktop app, or the web. */
export type WalletLinkKind = 'mobile' | 'desktop' | 'web'
/** A wallet's links for a pairing URI, by kind; unsafe ones left out. */
export type WalletLinks = Partial<Record<WalletLinkKind, string>>

/**
 * The link that hands a WalletConnect URI to a wallet: `https://wallet.app/wc?uri=…` for universal
 * links, `wallet://wc?uri=…` for app schemes. Undefined when the listing's link is not safe, or
 * has a query or fragment of its own (`wc?uri=` cannot be appended to it and still mean one thing).
 */
export function formatWalletLink(
  base: string | undefined,
  uri: string,
  schemes?: readonly string[],
): string | undefined {
  const safe = toSafeWalletLink(base, schemes)
  if (!safe) return undefined
  const url = new URL(safe)
  if (url.search !== '' || url.hash !== '' || safe.includes('?') || safe.includes('#')) {
    return undefined
  }
  const root = safe.endsWith('/') ? safe : `${safe}/`
  return toSafeWalletLink(`${root}wc?uri=${encodeQueryValue(uri)}`, schemes)
}

/**
 * `encodeURIComponent` leaves `!'()*` as they are, and a URL parser percent-encodes `'` in the
 * query of a web link: the link checked would then differ from the link built. Encoding those
 * five too gives one spelling that every parser keeps, and the wallet decodes the same URI.
 */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/**
 * Mobile, desktop and web links of a listed wallet for a pairing URI; unsafe ones are left out.
 * An app link must use a scheme the wallet declares (its native links'), the web link none.
 */
export function buildWalletLinks(wallet: ListedWallet, uri: string): WalletLinks {
  const links: WalletLinks = {}
  const schemes = walletSchemes(wallet)
  const mobile = formatWalletLink(wallet.mobileLink, uri, schemes)
  const desktop = formatWalletLink(wallet.desktopLink, uri, schemes)
  const web = formatWalletLink(wallet.webappLink, uri, [])
  if (mobile) links.mobile = mobile
  if (desktop) links.desktop = desktop
  if (web) links.web = web
  return links
}

/**
 * Opens a wallet link synchronously, inside the click that asked for it (browsers block pop-ups
 * and app switches that happen after an await). Refuses unsafe schemes with an error.
 */
export function openWalletLink(href: string, kind: WalletLinkKind, target: Window = window) {
  const url = assertSafeWalletLink(href)
  const isWeb = url.protocol === 'http:' || url.protocol === 'https:'
  if (kind === 'web' || (kind === 'desktop' && isWeb)) {
    target.open(url.toString(), '_blank', 'noreferrer,noopener')
  } else {
    target.location.href = url.toString()
  }
}
