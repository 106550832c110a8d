import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readBody, send, serveHttp } from '../../kernel/http.js'
import { refuseHttp } from '../../kernel/loopback.js'
import { errorReply, HttpError, json, type Reply } from '../../kernel/reply.js'
import { createRouter, type Route } from '../../kernel/router.js'
import type { BitcoinChain } from './chain.js'
import { blockJson, status, transactionJson, utxoJson } from './esplora.js'
import {
  BitcoinRejection,
  parseAddress,
  parseFundRequest,
  parseHash,
  parseHeight,
  parseMineRequest,
} from './parse.js'

const MAX_BODY_BYTES = 1_000_000
/** Confirmed transactions answered by `GET /address/{address}/txs`, as Esplora pages them. */
const CONFIRMED_TXS_PER_PAGE = 25

const text = (body: string, status = 200): Reply => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
})

/** A parse or chain rejection as `400 { error, reason }`. */
function rejected(error: BitcoinRejection): Reply {
  return { ...json({ error: error.message, reason: error.reason }, 400) }
}

function jsonBody(body: string): unknown {
  if (body.trim() === '') return undefined
  try {
    return JSON.parse(body)
  } catch {
    throw new BitcoinRejection('invalid JSON body')
  }
}

/** The Esplora-style REST routes over the chain, and the devnet's control routes. */
function bitcoinRoutes(chain: BitcoinChain): Route[] {
  const { ledger } = chain
  const block = (hash: string) => {
    const found = ledger.block(hash)
    if (!found) throw new HttpError(404, 'Block not found')
    return found
  }
  const tx = (txid: string) => {
    const found = ledger.transaction(txid)
    if (!found) throw new HttpError(404, 'Transaction not found')
    return found
  }
  return [
    {
      method: 'GET',
      path: '/address/:address',
      handle({ params }) {
        const { address, script } = parseAddress(params.address)
        return json({ address, ...ledger.stats(script) })
      },
    },
    {
      method: 'GET',
      path: '/address/:address/utxo',
      handle: ({ params }) => json(ledger.utxos(parseAddress(params.address).script).map(utxoJson)),
    },
    {
      method: 'GET',
      path: '/address/:address/txs',
      handle({ params }) {
        const txids = ledger.scriptTxids(parseAddress(params.address).script)
        const records = txids.map((txid) => ledger.transaction(txid)).filter((r) => r !== undefined)
        const pending = records.filter((r) => !r.block)
        const confirmed = records.filter((r) => r.block).slice(0, CONFIRMED_TXS_PER_PAGE)
        return json([...pending, ...confirmed].map(transactionJson))
      },
    },
    {
      method: 'GET',
      path: '/tx/:txid',
      handle: ({ params }) => json(transactionJson(tx(parseHash(params.txid)))),
    },
    {
      method: 'GET',
      path: '/tx/:txid/status',
      handle: ({ params }) => json(status(tx(parseHash(params.txid)).block)),
    },
    {
      method: 'GET',
      path: '/tx/:txid/hex',
      handle: ({ params }) => text(Buffer.from(tx(parseHash(params.txid)).tx.raw).toString('hex')),
    },
    {
      method: 'POST',
      path: '/tx',
      handle: ({ body }) => text(ledger.submit(body)),
    },
    { method: 'GET', path: '/blocks/tip/height', handle: () => text(String(ledger.tip().height)) },
    { method: 'GET', path: '/blocks/tip/hash', handle: () => text(ledger.tip().hash) },
    {
      method: 'GET',
      path: '/block/:hash',
      handle: ({ params }) => json(blockJson(ledger, block(parseHash(params.hash, 'block hash')))),
    },
    {
      method: 'GET',
      path: '/block/:hash/txids',
      handle: ({ params }) => json(block(parseHash(params.hash, 'block hash')).txids),
    },
    {
      method: 'GET',
      path: '/block-height/:height',
      handle({ params }) {
        const found = ledger.blockAt(parseHeight(params.height))
        if (!found) throw new HttpError(404, 'Block not found')
        return text(found.hash)
      },
    },
    { method: 'GET', path: '/fee-estimates', handle: () => json(ledger.feeEstimates()) },
    { method: 'GET', path: '/mempool/txids', handle: () => json(ledger.mempool()) },
    {
      method: 'POST',
      path: '/__devnet/mine',
      kind: 'control',
      handle({ body }) {
        const request = parseMineRequest(jsonBody(body as string))
        const blocks = chain.mine(request.blocks, request.address)
        return json({ height: ledger.tip().height, hashes: blocks.map((b) => b.hash) })
      },
    },
    {
      method: 'POST',
      path: '/__devnet/fund',
      kind: 'control',
      handle({ body }) {
        const request = parseFundRequest(jsonBody(body as string))
        const { txid, block: mined } = chain.fund(request.address, request.value)
        return json({
          txid,
          address: request.address.address,
          value: Number(request.value),
          height: mined.height,
          blockHash: mined.hash,
        })
      },
    },
    {
      method: 'GET',
      path: '/__devnet/accounts',
      kind: 'control',
      handle: () =>
        json(
          chain.accounts.map((account) => ({
            index: account.index,
            payment: publicPart(account.payment),
            ordinals: publicPart(account.ordinals),
          })),
        ),
    },
  ]
}

const publicPart = (key: BitcoinChain['faucet']) => ({
  address: key.address,
  addressType: key.addressType,
  publicKey: key.publicKey,
  path: key.path,
})

export type BitcoinServer = { url: string; port: number; close(): Promise<void> }

/** One node:http server for the chain's REST API; CORS is open, as the wallet calls it from pages. */
export async function startBitcoinServer(options: {
  host: string
  port: number
  chain: BitcoinChain
  log?: (line: string) => void
}): Promise<BitcoinServer> {
  const router = createRouter(bitcoinRoutes(options.chain))

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'Content-Type',
    )
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://bitcoin.invalid')
    const match = router.match(req.method ?? 'GET', url.pathname)
    if (match.kind === 'none') return send(res, errorReply(404, `no route ${url.pathname}`))
    if (match.kind === 'wrong-method') {
      return send(res, {
        ...errorReply(405, `${req.method} not allowed on ${url.pathname}`),
        headers: { Allow: match.allowed.join(', ') },
      })
    }
    let reply: Reply
    try {
      const body = req.method === 'POST' ? await readBody(req, MAX_BODY_BYTES) : undefined
      reply = await match.route.handle({
        params: match.params,
        query: url.searchParams,
        body,
        baseUrl: `http://${req.headers.host}`,
        signal: new AbortController().signal,
        headers: req.headers,
      })
    } catch (error) {
      if (error instanceof BitcoinRejection) {
        options.log?.(`${req.method} ${url.pathname} rejected: ${error.message}`)
        reply = rejected(error)
      } else if (error instanceof HttpError) {
        reply = errorReply(error.status, error.message)
      } else {
        options.log?.(`${req.method} ${url.pathname} failed: ${String(error)}`)
        reply = errorReply(500, error instanceof Error ? error.message : String(error))
      }
    }
    send(res, reply)
  }

  const server = createServer((req, res) => {
    // Only this machine's pages, under this machine's names (no rebound DNS name).
    if (refuseHttp(req, res, 'loopback')) return
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, errorReply(500, String(error)))
      else res.destroy()
    })
  })
  const { url, port, close } = await serveHttp(server, { name: 'bitcoin api', ...options })
  return { url, port, close }
}
