import { Code } from './Code.js'
import { Prose } from './LiveClient.js'

export default { title: 'Sign-in on your server' }

const BROWSER = `import { createPortico, createServerSiwx } from '@portico/core'

// The browser side: the same routes, on your server instead of the devnet's.
const siwx = createServerSiwx({
  required: true,
  url: 'https://api.app.example/auth/v1',
})
export const portico = createPortico({ projectId, networks, siwx })`

const NEXT = `// lib/siwx.ts
import { createSiwxServer } from '@portico/server'
import { createRedisStore } from '@portico/server/redis'

export const siwx = createSiwxServer({
  domains: ['https://app.example'],
  chains: [{ id: 'eip155:1', rpcUrl: process.env.RPC_URL }],
  store: createRedisStore({ url: process.env.REDIS_URL! }),
  secret: process.env.SESSION_SECRET,
  cookie: { sameSite: 'Lax' },
})

// app/auth/v1/[route]/route.ts
import { siwx } from '@/lib/siwx'
export const GET = siwx.handle
export const POST = siwx.handle

// app/api/orders/route.ts
import { siwx } from '@/lib/siwx'
export async function GET(request: Request) {
  const { session } = await siwx.verifyRequest(request)
  return Response.json({ account: session.caipAddress })
}`

const EXPRESS = `import express from 'express'
import { toFetchRequest, toNodeListener } from '@portico/server/node'
import { siwx } from './siwx.js'

const app = express()
app.all('/auth/v1/*route', toNodeListener(siwx.handle))
app.get('/api/orders', async (req, res) => {
  try {
    const { session } = await siwx.verifyRequest(toFetchRequest(req))
    res.json({ account: session.caipAddress })
  } catch (error) {
    res.status(error.status ?? 500).json({ error: error.message })
  }
})`

const REDIS = `import { createRedisStore } from '@portico/server/redis'
const store = createRedisStore({ url: 'redis://127.0.0.1:6379', prefix: 'myapp:siwx:' })`

export const Guide = () => (
  <Prose>
    <h1>Sign-in on your server</h1>
    <p>
      Sign-in is only as good as the server that checks it. <code>@portico/server</code> is that
      server: it issues nonces, checks the signed message (domain, URI, chain, nonce used once,
      issued-at, expiration, not-before, the signer: EIP-191 for EOAs, ERC-1271 and ERC-6492 for
      smart accounts through the chain, Ed25519 for Solana, BIP-322 for Bitcoin) and answers a
      session token. The browser side, <code>createServerSiwx</code>, calls it unchanged: point its{' '}
      <code>url</code> at your server.
    </p>
    <Code code={BROWSER} label="The browser side" />
    <h2>Next.js route handlers</h2>
    <p>
      The handler takes a Fetch API <code>Request</code> and answers a <code>Response</code>, so it
      is a route handler as it is. Your own routes read the signed-in account with
      <code>verifyRequest</code>: from <code>Authorization: Bearer</code>, or from the HttpOnly
      session cookie when <code>cookie</code> is on.
    </p>
    <Code code={NEXT} label="Next.js" />
    <h2>Express</h2>
    <p>
      <code>@portico/server/node</code> adapts the handler to Node's <code>(req, res)</code>, and
      <code>toFetchRequest</code> hands an Express request to <code>verifyRequest</code>.
    </p>
    <Code code={EXPRESS} label="Express" />
    <h2>Several instances: Redis</h2>
    <p>
      The default store is in memory: one instance. Behind a load balancer, share nonces and
      sign-outs through Redis and give every instance the same <code>secret</code>: a nonce used on
      one instance is refused on the others, a session made on one is valid on all, and a sign-out
      on one is seen by all. While Redis is away, the server answers 503 and accepts no sign-in.
    </p>
    <Code code={REDIS} label="Redis store" />
    <p>
      Every refusal is <code>{'{ error }'}</code> with a 4xx status and a reason the browser side
      shows (<code>nonce already used</code>, <code>wrong domain: …</code>,
      <code>message expired</code>, <code>bad signature</code>, <code>signed out</code>…). The
      package's README lists them all, and the routes.
    </p>
  </Prose>
)
