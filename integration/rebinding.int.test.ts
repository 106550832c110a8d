import { request } from 'node:http'
import { type Devnet, startDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * DNS rebinding against the devnet: an attacker's page whose name is re-pointed at 127.0.0.1 is
 * same-origin with a devnet server, so its requests carry its own name as Host (and as Origin).
 * Every server must refuse them; the relay and the chains' RPC must also refuse any page that is
 * not on this machine. The requests are real HTTP with the headers a browser would send.
 */

let devnet: Devnet
const REBOUND = 'rebind.attacker.example'

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
})
afterAll(() => devnet?.stop())

type Answer = { status: number; body: string }

function send(
  url: string,
  options: {
    method?: string
    path?: string
    host?: string
    origin?: string
    body?: string
    upgrade?: boolean
  },
): Promise<Answer> {
  const target = new URL(url)
  const headers: Record<string, string> = {
    host: options.host ?? target.host,
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.body ? { 'content-type': 'application/json' } : {}),
    ...(options.upgrade
      ? {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        }
      : {}),
  }
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers,
      },
      (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve({ status: res.statusCode ?? 101, body: '' })
    })
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url} within 10 s`)))
    req.on('error', reject)
    req.end(options.body)
  })
}

const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
const solanaRpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] })
const rebound = (url: string) => `${REBOUND}:${new URL(url).port}`

describe('every devnet server against a rebound DNS name and foreign pages', () => {
  it('the secure site: the login the review ran with a rebound Host and Origin is refused', async () => {
    const site = devnet.secureSiteUrl
    const host = rebound(site)
    const login = await send(site, {
      method: 'POST',
      path: '/api/login/email',
      host,
      origin: `http://${host}`,
      body: JSON.stringify({ email: 'victim@example.com', deviceId: 'a'.repeat(64) }),
    })
    expect(login.status).toBe(403)
    expect(JSON.parse(login.body)).toEqual({
      error: `host "${host}" is not this machine's address`,
    })
    // Its pages and the inbox too.
    expect((await send(site, { path: '/api/inbox', host })).status).toBe(403)
    expect((await send(site, { path: '/', host })).status).toBe(403)
    // Under its own address it answers.
    expect((await send(site, { path: '/' })).status).toBe(200)
  })

  it("the chains' JSON-RPC: rebound Host and foreign Origin refused, loopback pages answered", async () => {
    for (const chain of [...devnet.info().chains, devnet.info().unlistedChain]) {
      const url = chain.rpcUrl
      const call = { method: 'POST', body: rpc }
      expect((await send(url, { ...call, host: rebound(url) })).status).toBe(403)
      expect((await send(url, { ...call, origin: 'https://attacker.example' })).status).toBe(403)
      const answered = await send(url, { ...call, origin: 'http://127.0.0.1:5173' })
      expect(answered.status).toBe(200)
      expect(JSON.parse(answered.body).result).toBe(`0x${chain.chainId.toString(16)}`)
      // Node clients send no Origin.
      expect((await send(url, call)).status).toBe(200)
    }
  })

  it('the Solana RPC, over HTTP and WebSocket', async () => {
    const url = devnet.info().solana.rpcUrl
    const call = { method: 'POST', body: solanaRpc }
    expect((await send(url, { ...call, host: rebound(url) })).status).toBe(403)
    expect((await send(url, { ...call, origin: 'http://localhost.attacker.example' })).status).toBe(
      403,
    )
    expect((await send(url, { ...call, origin: 'http://localhost:5173' })).status).toBe(200)
    expect((await send(url, { upgrade: true, origin: 'https://attacker.example' })).status).toBe(
      403,
    )
    expect((await send(url, { upgrade: true, origin: 'http://127.0.0.1:5173' })).status).toBe(101)
  })

  it('the WalletConnect relay', async () => {
    const url = devnet.info().relayUrl.replace(/^ws:/, 'http:')
    expect((await send(url, { upgrade: true, host: rebound(url) })).status).toBe(403)
    expect((await send(url, { upgrade: true, origin: 'https://attacker.example' })).status).toBe(
      403,
    )
    expect((await send(url, { upgrade: true, origin: 'http://localhost:5173' })).status).toBe(101)
    expect((await send(url, { upgrade: true })).status).toBe(101)
  })

  it('the Bitcoin API', async () => {
    const url = devnet.info().bitcoin.esploraUrl
    expect((await send(url, { path: '/blocks/tip/height', host: rebound(url) })).status).toBe(403)
    expect(
      (await send(url, { path: '/blocks/tip/height', origin: 'https://attacker.example' })).status,
    ).toBe(403)
    expect((await send(url, { path: '/blocks/tip/height' })).status).toBe(200)
  })
})
