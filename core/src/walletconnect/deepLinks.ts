import type { ListedWallet } from '../connectors/index.js'
import { assertSafeWalletLink, parseWalletLink } from '../security/index.js'

/** Where a wallet link opens: the phone app, the desktop app, or the web. */
export type WalletLinkKind = 'mobile' | 'desktop' | 'web'
/** A wallet's links for a pairing URI, by kind; unsafe ones left out. */
export type WalletLinks = Partial<Record<WalletLinkKind, string>>

/**
 * The link that hands a WalletConnect URI to a wallet: `https://wallet.app/wc?uri=…` for universal
 * links, `wallet://wc?uri=…` for app schemes. Undefined when the listing's link is not safe.
 */
export function formatWalletLink(base: string | undefined, uri: string): string | undefined {
  const url = parseWalletLink(base)
  if (!url || !base) return undefined
  const encoded = encodeURIComponent(uri)
  const isWeb = url.protocol === 'http:' || url.protocol === 'https:'
  let root = base
  if (isWeb) root = base.endsWith('/') ? base : `${base}/`
  else if (!base.includes('://')) root = `${base.replace(/:+$/, '')}://`
  else if (!root.endsWith('/')) root = `${root}/`
  const link = `${root}wc?uri=${encoded}`
  return parseWalletLink(link) ? link : undefined
}

/** Mobile, desktop and web links of a listed wallet for a pairing URI; unsafe ones are left out. */
export function buildWalletLinks(wallet: ListedWallet, uri: string): WalletLinks {
  const links: WalletLinks = {}
  const mobile = formatWalletLink(wallet.mobileLink, uri)
  const desktop = formatWalletLink(wallet.desktopLink, uri)
  const web = formatWalletLink(wallet.webappLink, uri)
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
