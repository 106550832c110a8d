import { createServer, type ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { serveHttp } from './kernel/http.js'
import { probeDevnet } from './probe.js'
import { devnetInfoAt } from './registry.js'
import { controlRoutes } from './services/api/control.js'
import { createFaultStore } from './services/api/faults.js'
import { startApiServer } from './services/api/server.js'

// The devnet's own API server (its HTTP kernel with the control routes), no chains: what a tool
// that reuses a running devnet meets on the API port.
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function devnetApi() {
  const info = devnetInfoAt({ api: 18787, chains: [18545, 18546, 18547] })
  const server = await startApiServer({
    host: '127.0.0.1',
    port: 0,
    routes: controlRoutes(createFaultStore(), () => info),
    faults: createFaultStore(),
  })
  closers.push(() => server.close())
  return { server, info }
}

async function otherServer(answer: (res: ServerResponse) => void) {
  const server = await serveHttp(
    createServer((_req, res) => answer(res)),
    { name: 'other', host: '127.0.0.1', port: 0 },
  )
  closers.push(() => server.close())
  return server.url
}

describe('probeDevnet', () => {
  it("finds a running devnet's description, sending the control header it requires", async () => {
    const { server, info } = await devnetApi()
    // Without the header the devnet refuses: the old probe's 403, then a second devnet.
    const bare = await fetch(`${server.url}/__devnet/info`)
    expect(bare.status).toBe(403)
    expect(await bare.json()).toEqual({
      error: 'control routes need the header X-Portico-Devnet: 1',
    })

    expect(await probeDevnet(server.url)).toEqual(info)
    expect(await probeDevnet(`${server.url}/`)).toEqual(info)
  })

  it('is undefined when nothing listens', async () => {
    // A port that was free a moment ago: nothing answers there.
    const url = await otherServer((res) => res.end())
    await closers.pop()?.()
    expect(await probeDevnet(url)).toBeUndefined()
  })

  it('is undefined when something else answers: a refusal, a page, other JSON', async () => {
    const refusing = await otherServer((res) => res.writeHead(403).end('{"error":"no"}'))
    const page = await otherServer((res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hi</p>'),
    )
    const json = await otherServer((res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'),
    )
    expect(await probeDevnet(refusing)).toBeUndefined()
    expect(await probeDevnet(page)).toBeUndefined()
    expect(await probeDevnet(json)).toBeUndefined()
  })

  it('gives up after its timeout on a server that never answers', async () => {
    const held: ServerResponse[] = []
    const silent = await otherServer((res) => {
      held.push(res)
    })
    const started = Date.now()
    expect(await probeDevnet(silent, { timeoutMs: 200 })).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
