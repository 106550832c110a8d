import { type Address, getAddress, isAddress } from 'viem'
import type { ChainReader } from '../../chains/evm/reader.js'
import type { DevnetChain } from '../../chains/evm/types.js'
import { HttpError } from '../../kernel/reply.js'

/** An EVM address from a path or query value (any case), or a 400. */
export function requireAddress(value: string | null | undefined, what = 'address'): Address {
  if (!value || !isAddress(value, { strict: false })) throw new HttpError(400, `invalid ${what}`)
  return getAddress(value)
}

/** The reader of a supported chain named by its CAIP-2 id; the first chain when absent. */
export function requireChain(
  evm: { chains: readonly DevnetChain[]; readers: ReadonlyMap<number, ChainReader> },
  caipNetworkId: string | null,
): ChainReader {
  const chain = caipNetworkId
    ? evm.chains.find((c) => c.caipNetworkId === caipNetworkId)
    : evm.chains[0]
  const reader = chain ? evm.readers.get(chain.chainId) : undefined
  if (!reader) throw new HttpError(400, `unsupported chainId ${caipNetworkId}`)
  return reader
}

/**
 * A URL of one of this server's image routes. The caller's projectId, st and sv are carried
 * over, so the URL works as it is in an `<img>` even though every route requires them.
 */
export function imageUrl(baseUrl: string, route: string, id: string, query: URLSearchParams) {
  const params = new URLSearchParams()
  for (const name of ['projectId', 'st', 'sv']) {
    const value = query.get(name)
    if (value) params.set(name, value)
  }
  const search = params.size > 0 ? `?${params}` : ''
  return `${baseUrl}${route}/${encodeURIComponent(id)}${search}`
}
