import { createHash } from 'node:crypto'
import { DEFAULT_HOST } from '../../config/constants.js'
import { mobileWalletUrlAt } from '../mobile/service.js'

export type WalletListing = {
  id: string
  name: string
  image_id: string
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  chains: string[]
  homepage: string
  badge_type: 'none' | 'certified'
}

const PREFIXES = [
  'Aurora',
  'Beacon',
  'Cobalt',
  'Drift',
  'Ember',
  'Fable',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Pioneer',
  'Quartz',
  'Raven',
  'Sable',
  'Tundra',
  'Umber',
  'Vesper',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
] as const
const SUFFIXES = ['Wallet', 'Vault', 'Pay', 'Keys', 'Safe', 'Pocket'] as const

/** How many generated wallets follow the devnet's own two wallets. */
const GENERATED_WALLET_COUNT = 150

const DEVNET_CHAIN_IDS = ['eip155:31337', 'eip155:31338'] as const

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A UUID-shaped id derived from text, like the explorer's image ids. */
function uuidFrom(text: string): string {
  const h = sha256(text)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
}

function listing(name: string, fields: Partial<WalletListing>): WalletListing {
  return {
    id: sha256(`wallet:${name}`),
    name,
    image_id: uuidFrom(`image:${name}`),
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    chains: ['eip155:1'],
    homepage: `https://${slug(name)}.example`,
    badge_type: 'none',
    ...fields,
  }
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '')
}

/**
 * The wallet explorer's listing: the Devnet Wallet first (its rdns matches the EIP-6963
 * announcement, so the SDK can tell it is installed), the Devnet Mobile Wallet second (a
 * WalletConnect wallet in a web page: its mobile and web links open that page, which pairs with
 * the `uri` the SDK appends; no rdns, so it is never taken for an installed wallet), then 150
 * generated wallets with distinct names ("Aurora Wallet", "Beacon Wallet", …, "Zephyr Pocket").
 * The mix is fixed by position: every third supports the devnet chains, every fourth is
 * certified, and link kinds rotate, so every filter of `GET /getWallets` has something to find
 * and something to leave out.
 */
export function createWalletFixture(options: { mobileWalletUrl?: string } = {}): WalletListing[] {
  const mobileWalletUrl = options.mobileWalletUrl ?? mobileWalletUrlAt(DEFAULT_HOST)
  const wallets = [
    listing('Devnet Wallet', {
      rdns: 'dev.portico.devnet',
      chains: ['eip155:1', ...DEVNET_CHAIN_IDS],
      homepage: 'http://127.0.0.1',
      badge_type: 'certified',
    }),
    listing('Devnet Mobile Wallet', {
      mobile_link: mobileWalletUrl,
      webapp_link: mobileWalletUrl,
      chains: ['eip155:1', ...DEVNET_CHAIN_IDS],
      homepage: mobileWalletUrl,
      badge_type: 'certified',
    }),
  ]
  for (let i = 0; i < GENERATED_WALLET_COUNT; i++) {
    const name = `${PREFIXES[i % PREFIXES.length]} ${SUFFIXES[Math.floor(i / PREFIXES.length)]}`
    const s = slug(name)
    const chains = ['eip155:1']
    if (i % 3 === 0) chains.push(...DEVNET_CHAIN_IDS)
    if (i % 7 === 0) chains.push('eip155:137')
    if (i % 11 === 0) chains.push('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    wallets.push(
      listing(name, {
        rdns: i % 3 === 2 ? null : `com.${s}`,
        mobile_link: i % 2 === 0 ? `${s}://` : null,
        desktop_link: i % 5 === 0 ? `${s}-desktop://` : null,
        webapp_link: i % 4 === 1 ? `https://app.${s}.example` : null,
        chains,
        badge_type: i % 4 === 0 ? 'certified' : 'none',
      }),
    )
  }
  return wallets
}
