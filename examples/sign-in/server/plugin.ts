import type { IncomingMessage, ServerResponse } from 'node:http'
import { createSiwxServer, type SiwxServer } from '@portico/server'
import { toNodeListener } from '@portico/server/node'
import type { Plugin } from 'vite'

/** What the page and the server agree on: where the sign-in routes and the app's route live. */
export const AUTH_PATH = '/auth/v1'
export const ORDERS_PATH = '/api/orders'

type DevnetInfo = {
  chains: { caipNetworkId: string; rpcUrl: string }[]
  solana?: { caipNetworkId: string }
}

/**
 * The devnet's chains: from what `pnpm dev` hands the examples (PORTICO_DEVNET), else the
 * devnet's default ports (the example's dev server started alone, next to a devnet).
 */
async function devnetChains(): Promise<(string | { id: string; rpcUrl: string })[]> {
  const info: DevnetInfo = process.env.PORTICO_DEVNET
    ? JSON.parse(process.env.PORTICO_DEVNET)
    : (await import('@portico/devnet')).DEFAULT_DEVNET_INFO
  return [
    ...info.chains.map((chain) => ({ id: chain.caipNetworkId, rpcUrl: chain.rpcUrl })),
    ...(info.solana ? [info.solana.caipNetworkId] : []),
  ]
}

/** The app's own route: the orders of the signed-in account (none yet: it is an example). */
async function orders(siwx: SiwxServer, req: IncomingMessage, res: ServerResponse) {
  const request = new Request(`http://${req.headers.host}${req.url}`, {
    headers: req.headers as Record<string, string>,
  })
  res.setHeader('Content-Type', 'application/json')
  try {
    const { session } = await siwx.verifyRequest(request)
    res.end(JSON.stringify({ account: session.caipAddress, orders: [] }))
  } catch (error) {
    res.statusCode = (error as { status?: number }).status ?? 500
    res.end(JSON.stringify({ error: (error as Error).message }))
  }
}

/**
 * The example's own server, on `@portico/server`, served by the example's dev server (so by
 * `pnpm dev`) on the page's own origin: the sign-in routes under `/auth/v1` and one protected
 * route. Same origin, so the session cookie (HttpOnly) goes with every call; the memory store,
 * since there is one instance.
 */
export function signInServer(): Plugin {
  return {
    name: 'portico-example-sign-in-server',
    async configureServer(server) {
      const port = () => {
        const address = server.httpServer?.address()
        return typeof address === 'object' && address ? address.port : 5175
      }
      const origins = () => [`http://127.0.0.1:${port()}`, `http://localhost:${port()}`]
      const siwx = createSiwxServer({
        domains: origins,
        chains: await devnetChains(),
        cookie: { sameSite: 'Strict' },
      })
      const auth = toNodeListener(siwx.handle)
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith(`${AUTH_PATH}/`)) return auth(req, res)
        if (req.url === ORDERS_PATH) return void orders(siwx, req, res)
        next()
      })
    },
  }
}
