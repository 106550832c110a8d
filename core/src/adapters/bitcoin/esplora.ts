import { PorticoError } from '../../errors/index.js'
import { withDeadline } from '../../kernel/deadline.js'
import { isRecord } from '../../storage/validators.js'

/** How long one Esplora request may take. Ours, as for the Solana RPC. */
export const ESPLORA_TIMEOUT_MS = 30_000
/** 21 million BTC in satoshis: no output holds more. */
export const MAX_SATS = 2_100_000_000_000_000n
const TXID = /^[0-9a-f]{64}$/

export type Utxo = { txid: string; vout: number; value: bigint }

const invalid = (why: string) =>
  new PorticoError('INVALID_RESPONSE', `The Bitcoin API answered the unspent outputs with ${why}`)

/**
 * Checks an Esplora `GET /address/{address}/utxo` answer: a list of `{ txid, vout, value }`, each
 * value a whole number of satoshis no larger than the 21 million BTC that exist, no output twice.
 */
export function parseUtxos(body: unknown): Utxo[] {
  if (!Array.isArray(body)) throw invalid('no list')
  const seen = new Set<string>()
  return body.map((entry) => {
    if (!isRecord(entry)) throw invalid('an entry that is no object')
    const { txid, vout, value } = entry
    if (typeof txid !== 'string' || !TXID.test(txid)) throw invalid('an invalid txid')
    if (typeof vout !== 'number' || !Number.isSafeInteger(vout) || vout < 0) {
      throw invalid('an invalid output index')
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw invalid('an invalid amount')
    }
    const sats = BigInt(value)
    if (sats > MAX_SATS) throw invalid('more bitcoin than exists')
    const key = `${txid}:${vout}`
    if (seen.has(key)) throw invalid(`the output ${key} twice`)
    seen.add(key)
    return { txid, vout, value: sats }
  })
}

/** The unspent outputs of an address, mempool ones included, from an Esplora REST API. */
export async function fetchUtxos(
  baseUrl: string,
  address: string,
  fetchFn: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<Utxo[]> {
  const url = `${baseUrl.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}/utxo`
  const controller = new AbortController()
  const request = (async () => {
    let response: Response
    try {
      response = await fetchFn(url, { signal: controller.signal })
    } catch (cause) {
      throw new PorticoError('API_ERROR', 'The Bitcoin API could not be reached', { cause })
    }
    if (!response.ok) {
      throw new PorticoError('API_ERROR', `The Bitcoin API answered ${response.status}`, {
        details: { status: response.status },
      })
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      throw new PorticoError('INVALID_RESPONSE', 'The Bitcoin API answered with no JSON', { cause })
    }
    return parseUtxos(body)
  })()
  return withDeadline(request, {
    timeoutMs: ESPLORA_TIMEOUT_MS,
    onTimeout: () => {
      controller.abort()
      return new PorticoError('TIMEOUT', 'The Bitcoin API did not answer in time', {
        details: { seconds: ESPLORA_TIMEOUT_MS / 1_000 },
      })
    },
  })
}
