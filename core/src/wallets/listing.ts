import { parseWalletLink } from '../security/index.js'
import { arrayOf, isRecord, type Validator } from '../storage/validators.js'

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
const MAX_NAME_LENGTH = 64

function optionalString(value: unknown, pattern?: RegExp): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return undefined
  return pattern && !pattern.test(value) ? undefined : value
}

/** A link from the listing if it is safe to follow, undefined otherwise (the wallet is kept). */
function link(value: unknown): string | undefined {
  return parseWalletLink(value) ? (value as string) : undefined
}

/**
 * Validates one listing item. An item without a usable id or name is dropped; an unsafe link is
 * removed from the item; the name stays text, whatever characters it holds.
 */
export const walletListing: Validator<WalletListing> = (value) => {
  if (!isRecord(value)) return undefined
  const id = optionalString(value.id, ID)
  const name =
    typeof value.name === 'string'
      ? value.name.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH)
      : ''
  if (!id || !name) return undefined
  const chains = Array.isArray(value.chains)
    ? value.chains.filter((c): c is string => typeof c === 'string').slice(0, 64)
    : []
  return {
    id,
    name,
    imageId: optionalString(value.image_id, ID),
    rdns: optionalString(value.rdns, /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i),
    mobileLink: link(value.mobile_link),
    desktopLink: link(value.desktop_link),
    webappLink: link(value.webapp_link),
    chains,
    homepage: link(value.homepage),
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
