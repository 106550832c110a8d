import {
  arrayOf,
  caipNetworkId,
  cleanDisplayText,
  isRecord,
  reverseDomain,
  TEXT_LIMITS,
} from '../kit.js'
import { toSafeWalletLink, walletSchemes } from '../lazyKit.js'
import type { Validator } from '../storage/validators.js'

/** A wallet from the toolkit backend's listing (spec §3 "Wallet listing item"), validated. */
export type WalletListing = {
  id: string
  name: string
  imageId?: string
  rdns?: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
  chains: readonly string[]
  homepage?: string
  badgeType?: 'none' | 'certified'
}

const ID = /^[A-Za-z0-9_.:-]{1,128}$/
/** Chains kept per wallet: the listing names a few; a long list is noise. */
const MAX_CHAINS = 64

function optionalString(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined
}

/**
 * Validates one listing item. An item without a usable id or name is dropped; an unsafe link is
 * removed from the item (links are kept in their normalised form, `rainbow:` as `rainbow://`):
 * https, http on this machine, or an app scheme its native links declare (web links: none);
 * the name is cleaned text (no bidi, control or invisible characters, 64 at most); chains are
 * CAIP-2 ids.
 */
export const walletListing: Validator<WalletListing> = (value) => {
  if (!isRecord(value)) return undefined
  const id = optionalString(value.id, ID)
  const name = cleanDisplayText(value.name, TEXT_LIMITS.name)
  if (!id || !name) return undefined
  // The app schemes this wallet declares (its native links'): the only ones its links may use.
  const schemes = walletSchemes({ mobileLink: value.mobile_link, desktopLink: value.desktop_link })
  const chains = Array.isArray(value.chains)
    ? (arrayOf(caipNetworkId)(value.chains.slice(0, MAX_CHAINS)) ?? [])
    : []
  return {
    id,
    name,
    imageId: optionalString(value.image_id, ID),
    rdns: reverseDomain(value.rdns),
    mobileLink: toSafeWalletLink(value.mobile_link, schemes),
    desktopLink: toSafeWalletLink(value.desktop_link, schemes),
    // A web wallet and a homepage are web pages: no app scheme.
    webappLink: toSafeWalletLink(value.webapp_link, []),
    chains,
    homepage: toSafeWalletLink(value.homepage, []),
    badgeType: value.badge_type === 'certified' ? 'certified' : 'none',
  }
}

export type WalletPage = { count: number; data: WalletListing[] }

/** `GET /getWallets`: `data` and `count`, at most `entries` items kept from an oversized page. */
export function walletPage(entries: number): Validator<WalletPage> {
  return (value) => {
    if (!isRecord(value) || !Array.isArray(value.data)) return undefined
    const count =
      typeof value.count === 'number' && Number.isSafeInteger(value.count) && value.count >= 0
        ? value.count
        : value.data.length
    const data = arrayOf(walletListing)(value.data.slice(0, entries)) ?? []
    return { count, data }
  }
}
