import { errorReply, HttpError, json, svgReply } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { initialsSvg } from '../../services/images/svg.js'
import type { WalletListing } from './fixture.js'

const DEFAULT_ENTRIES = 40
const MAX_ENTRIES = 200

/**
 * `GET /getWallets`: the explorer listing, filtered then paged. `include`, `exclude` (wallet ids)
 * and `chains` (CAIP-2 ids; a wallet matches if it supports any of them) are comma-separated;
 * `search` matches names case-insensitively; `badge_type=certified` keeps certified wallets only.
 * `count` is the number of wallets matching the filters; `page` is 1-based.
 */
export const walletsRoutes = (wallets: readonly WalletListing[]): Route[] => [
  {
    method: 'GET',
    path: '/getWallets',
    handle({ query }) {
      const page = positiveInteger(query.get('page'), 1, 'page')
      const entries = positiveInteger(query.get('entries'), DEFAULT_ENTRIES, 'entries')
      if (entries > MAX_ENTRIES) throw new HttpError(400, `entries must be at most ${MAX_ENTRIES}`)
      const matching = filterWallets(wallets, query)
      const start = (page - 1) * entries
      return json({ count: matching.length, data: matching.slice(start, start + entries) })
    },
  },
  walletImageRoute(wallets),
]

/** `GET /getWalletImage/{image_id}`: drawn for the listing's image ids only (404 otherwise). */
function walletImageRoute(wallets: readonly WalletListing[]): Route {
  const byImage = new Map(wallets.map((wallet) => [wallet.image_id, wallet]))
  return {
    method: 'GET',
    path: '/getWalletImage/:id',
    handle({ params }) {
      const wallet = byImage.get(params.id ?? '')
      if (!wallet) return errorReply(404, `no wallet image ${params.id}`)
      return svgReply(initialsSvg(wallet.name, wallet.id))
    },
  }
}

function filterWallets(wallets: readonly WalletListing[], query: URLSearchParams): WalletListing[] {
  const include = list(query.get('include'))
  const exclude = list(query.get('exclude'))
  const chains = list(query.get('chains'))
  const search = query.get('search')?.trim().toLowerCase()
  const badge = query.get('badge_type')

  return wallets.filter(
    (wallet) =>
      (include.length === 0 || include.includes(wallet.id)) &&
      !exclude.includes(wallet.id) &&
      (chains.length === 0 || wallet.chains.some((chain) => chains.includes(chain))) &&
      (!search || wallet.name.toLowerCase().includes(search)) &&
      (badge !== 'certified' || wallet.badge_type === 'certified'),
  )
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

function positiveInteger(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, `${name} must be a positive integer`)
  return n
}
