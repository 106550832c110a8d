import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet, type TokenBalance } from '../src/index.js'
import {
  api,
  apiJson,
  CONTROL_HEADERS,
  control,
  FREE_PORTS,
  postControl,
  postJson,
} from './helpers.js'

let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ ports: FREE_PORTS })
})

afterAll(async () => {
  await devnet?.stop()
})

describe('Blockchain API', () => {
  it('lists the two configured chains and the Solana chain as supported, not the unlisted one', async () => {
    const body = await apiJson(devnet, '/v1/supported-chains')
    const ids = ['eip155:31337', 'eip155:31338', 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP']
    expect(body).toEqual({ http: ids, ws: ids })
    expect(devnet.unlistedChain.caipNetworkId).toBe('eip155:31339')
  })

  it('answers balances read from the chain: native first by value, every funded token', async () => {
    const [account] = devnet.accounts
    const { balances } = await apiJson<{ balances: TokenBalance[] }>(
      devnet,
      `/v1/account/${account?.address}/balance?currency=usd&chainId=eip155:31337&forceUpdate=1`,
    )
    const tokens = devnet.tokens[31337]
    const bySymbol = Object.fromEntries(balances.map((b) => [b.symbol, b]))

    expect(bySymbol.ETH).toMatchObject({
      name: 'Ether',
      chainId: 'eip155:31337',
      price: 3000,
      value: 30_000_000,
      quantity: { decimals: '18', numeric: '10000' },
    })
    expect(bySymbol.ETH?.address).toBeUndefined()
    expect(bySymbol.USDC).toMatchObject({
      name: 'USD Coin (Devnet)',
      address: `eip155:31337:${tokens?.usdc}`,
      price: 1,
      value: 10_000,
      quantity: { decimals: '6', numeric: '10000' },
    })
    expect(bySymbol.PTK).toMatchObject({
      name: 'Portico Token',
      value: 2_500,
      quantity: { decimals: '18', numeric: '1000' },
    })
    expect(bySymbol.USDT).toMatchObject({
      name: 'Tether USD (Devnet)',
      address: `eip155:31337:${tokens?.usdt}`,
      quantity: { decimals: '6', numeric: '5000' },
    })
    expect(bySymbol.JUNK).toMatchObject({
      name: 'Junk Token',
      price: 0.01,
      value: 5,
      quantity: { decimals: '0', numeric: '500' },
    })
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'USDT', 'PTK', 'JUNK'])
    for (const balance of balances) {
      expect(balance.iconUrl).toMatch(new RegExp(`^${devnet.apiUrl}/public/getTokenImage/`))
      const icon = await fetch(balance.iconUrl)
      expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    }
  })

  it('defaults to the first chain, serves the second, and refuses unknown or unlisted chains', async () => {
    const address = devnet.accounts[0]?.address
    const first = await apiJson<{ balances: TokenBalance[] }>(
      devnet,
      `/v1/account/${address}/balance`,
    )
    expect(first.balances[0]?.chainId).toBe('eip155:31337')
    const second = await apiJson<{ balances: TokenBalance[] }>(
      devnet,
      `/v1/account/${address}/balance?chainId=eip155:31338`,
    )
    expect(second.balances.every((b) => b.chainId === 'eip155:31338')).toBe(true)
    expect(second.balances).toHaveLength(5)

    for (const chainId of ['eip155:1', 'eip155:31339']) {
      const response = await api(devnet, `/v1/account/${address}/balance?chainId=${chainId}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: `unsupported chainId ${chainId}` })
    }
    const badAddress = await api(devnet, '/v1/account/0x1234/balance')
    expect(badAddress.status).toBe(400)
  })

  it('follows the price table when a test changes it', async () => {
    const address = devnet.accounts[0]?.address
    devnet.prices.set('PTK', 3)
    try {
      const { balances } = await apiJson<{ balances: TokenBalance[] }>(
        devnet,
        `/v1/account/${address}/balance`,
      )
      expect(balances.find((b) => b.symbol === 'PTK')).toMatchObject({ price: 3, value: 3000 })
    } finally {
      devnet.prices.reset()
    }
  })

  it('prices fungibles by CAIP-10 address, leaving out what is not a priced token', async () => {
    const tokens = devnet.tokens[31337]
    const { fungibles } = await apiJson<{ fungibles: Record<string, unknown>[] }>(
      devnet,
      '/v1/fungible/price',
      postJson({
        projectId: 'test-project',
        currency: 'usd',
        addresses: [
          `eip155:31337:${tokens?.usdc}`,
          `eip155:31337:${tokens?.ptk}`,
          'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
          `eip155:31337:${devnet.accounts[0]?.address}`,
          `eip155:1:${tokens?.usdc}`,
        ],
      }),
    )
    // The hosted service's item shape: the CAIP-10 address as asked, and the decimals.
    const item = (
      address: string,
      name: string,
      symbol: string,
      price: number,
      decimals: number,
    ) => ({ address, name, symbol, iconUrl: expect.any(String), price, decimals })
    expect(fungibles).toEqual([
      item(`eip155:31337:${tokens?.usdc}`, 'USD Coin (Devnet)', 'USDC', 1, 6),
      item(`eip155:31337:${tokens?.ptk}`, 'Portico Token', 'PTK', 2.5, 18),
      item('eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'Ether', 'ETH', 3000, 18),
    ])
  })

  it('answers identity from the name registry', async () => {
    const [, second, third] = devnet.accounts
    devnet.names.register('alice.portico', second?.address ?? '', {
      avatar: 'https://example.test/alice.png',
    })
    expect(
      await apiJson(devnet, `/v1/identity/${second?.address}?sender=${third?.address}`),
    ).toEqual({ name: 'alice.portico', avatar: 'https://example.test/alice.png' })
    expect(await apiJson(devnet, `/v1/identity/${third?.address?.toLowerCase()}`)).toEqual({
      name: null,
      avatar: null,
    })
    expect(devnet.names.resolve('Alice.Portico')?.address).toBe(second?.address)
    expect(devnet.names.reverse(second?.address ?? '')?.name).toBe('alice.portico')
  })
})

describe('toolkit backend', () => {
  type WalletPage = { count: number; data: { id: string; name: string; [k: string]: unknown }[] }

  it('pages the wallet listing by 40 with the total count', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5].map((page) =>
        apiJson<WalletPage>(devnet, `/getWallets?page=${page}&entries=40`),
      ),
    )
    expect(pages.map((p) => p.count)).toEqual([152, 152, 152, 152, 152])
    expect(pages.map((p) => p.data.length)).toEqual([40, 40, 40, 32, 0])
    const ids = pages.flatMap((p) => p.data.map((w) => w.id))
    expect(new Set(ids).size).toBe(152)
    const names = pages.flatMap((p) => p.data.map((w) => w.name))
    expect(new Set(names).size).toBe(152)
    expect(pages[0]?.data[0]).toMatchObject({
      name: 'Devnet Wallet',
      rdns: 'dev.portico.devnet',
      badge_type: 'certified',
      chains: expect.arrayContaining(['eip155:31337', 'eip155:31338']),
    })
    for (const wallet of pages[0]?.data ?? []) {
      expect(Object.keys(wallet).sort()).toEqual(
        [
          'badge_type',
          'chains',
          'desktop_link',
          'homepage',
          'id',
          'image_id',
          'mobile_link',
          'name',
          'rdns',
          'webapp_link',
        ].sort(),
      )
    }
  })

  it('searches names case-insensitively, and filters by include, exclude, chains and badge', async () => {
    const search = await apiJson<WalletPage>(devnet, '/getWallets?page=1&entries=100&search=AURORA')
    expect(search.count).toBe(6)
    expect(search.data.every((w) => w.name.toLowerCase().includes('aurora'))).toBe(true)

    const wallet = await apiJson<WalletPage>(devnet, '/getWallets?entries=100&search=wallet')
    expect(wallet.count).toBe(28)

    const [a, b, c] = search.data
    const include = await apiJson<WalletPage>(devnet, `/getWallets?include=${a?.id},${b?.id}`)
    expect(include.data.map((w) => w.id).sort()).toEqual([a?.id, b?.id].sort())
    expect(include.count).toBe(2)

    const exclude = await apiJson<WalletPage>(
      devnet,
      `/getWallets?search=aurora&exclude=${a?.id},${c?.id}`,
    )
    expect(exclude.count).toBe(4)
    expect(exclude.data.map((w) => w.id)).not.toContain(a?.id)

    const devnetChains = await apiJson<WalletPage>(
      devnet,
      '/getWallets?entries=100&chains=eip155:31337,eip155:31338',
    )
    expect(devnetChains.count).toBe(52)
    expect(devnetChains.data.every((w) => (w.chains as string[]).includes('eip155:31337'))).toBe(
      true,
    )

    const certified = await apiJson<WalletPage>(devnet, '/getWallets?badge_type=certified')
    expect(certified.count).toBe(40)
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)

    expect((await api(devnet, '/getWallets?page=0')).status).toBe(400)
  })

  it('draws SVG images, and 404s wallet images it does not know', async () => {
    const { data } = await apiJson<WalletPage>(devnet, '/getWallets?entries=1')
    const wallet = await api(devnet, `/getWalletImage/${data[0]?.image_id}`)
    expect(wallet.status).toBe(200)
    expect(wallet.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await wallet.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>DW</text>')

    for (const route of [
      '/public/getAssetImage',
      '/public/getCurrencyImage',
      '/public/getTokenImage',
    ]) {
      const image = await api(devnet, `${route}/USDC`)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/svg+xml')
      expect(await image.text()).toContain('>USD</text>')
    }
    const unknown = await api(devnet, '/getWalletImage/not-a-wallet-image')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'no wallet image not-a-wallet-image' })
  })

  it('answers project origins and analytics configuration', async () => {
    expect(await apiJson(devnet, '/projects/v1/origins')).toEqual({
      allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
    })
    expect(await apiJson(devnet, '/getAnalyticsConfig')).toEqual({ isAnalyticsEnabled: true })
  })

  it('stores analytics events posted to /e', async () => {
    const event = {
      eventId: 'b3f6d1e2-0000-4000-8000-000000000001',
      url: 'http://127.0.0.1:5173/',
      domain: '127.0.0.1',
      timestamp: 1_700_000_000_000,
      props: { type: 'error', event: 'INITIALIZE', properties: { message: 'boom' } },
    }
    // Beacons post text/plain; the body is JSON all the same.
    const response = await api(devnet, '/e', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(event),
    })
    expect(response.status).toBe(202)
    expect(devnet.events()).toContainEqual(event)
    const stored = await control(devnet, '/__devnet/events')
    expect(((await stored.json()) as { events: unknown[] }).events).toContainEqual(event)
  })

  it('refuses an event body without the spec fields, and stores nothing', async () => {
    const valid = {
      eventId: 'b3f6d1e2-0000-4000-8000-000000000002',
      url: 'http://127.0.0.1:5173/',
      domain: '127.0.0.1',
      timestamp: 1_700_000_000_000,
      props: { type: 'error', event: 'ALERT', code: 'X' },
    }
    const before = devnet.events().length
    const cases: [unknown, string][] = [
      [[valid], 'expected a JSON object'],
      [{ ...valid, eventId: 7 }, 'eventId must be a string of 1 to 128 characters'],
      [{ ...valid, url: 'javascript:alert(1)' }, 'url must be an http(s) URL'],
      [{ ...valid, domain: '' }, 'domain must be a string of 1 to 253 characters'],
      [{ ...valid, timestamp: '1700000000000' }, 'timestamp must be a non-negative number'],
      [{ ...valid, props: null }, 'props must be an object'],
    ]
    for (const [body, error] of cases) {
      const response = await api(devnet, '/e', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error })
    }
    expect(devnet.events()).toHaveLength(before)
  })

  it('answers the analytics configuration a test sets through the control route', async () => {
    const set = await postControl(devnet, '/__devnet/analytics-config', {
      isAnalyticsEnabled: false,
    })
    expect(await set.json()).toEqual({ isAnalyticsEnabled: false })
    expect(await apiJson(devnet, '/getAnalyticsConfig')).toEqual({ isAnalyticsEnabled: false })
    const bad = await postControl(devnet, '/__devnet/analytics-config', { isAnalyticsEnabled: 1 })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'expected { isAnalyticsEnabled: boolean }' })
    await postControl(devnet, '/__devnet/analytics-config', { isAnalyticsEnabled: true })
    expect(await apiJson(devnet, '/getAnalyticsConfig')).toEqual({ isAnalyticsEnabled: true })
  })
})

describe('HTTP behaviour', () => {
  it('rejects a missing projectId, st or sv with a 400 and names the parameter', async () => {
    const address = devnet.accounts[0]?.address
    const cases: [string, string][] = [
      [`/v1/account/${address}/balance?st=a&sv=b`, 'missing projectId'],
      ['/getWallets?projectId=p&sv=b', 'missing st'],
      ['/v1/supported-chains?projectId=p&st=a', 'missing sv'],
      ['/projects/v1/origins', 'missing projectId'],
    ]
    for (const [path, error] of cases) {
      const response = await fetch(`${devnet.apiUrl}${path}`)
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.json()).toEqual({ error })
    }
  })

  it('answers unknown routes with a JSON 404', async () => {
    const response = await api(devnet, '/v1/nothing-here')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'no route /v1/nothing-here' })
  })

  it('answers pages on loopback origins only, preflights included', async () => {
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:4000', 'http://[::1]:6006']) {
      const preflight = await fetch(`${devnet.apiUrl}/v1/fungible/price`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
      expect(preflight.headers.get('vary')).toMatch(/origin/i)
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i)
    }
    const get = await api(devnet, '/v1/supported-chains', {
      headers: { Origin: 'http://localhost:4000' },
    })
    expect(get.status).toBe(200)
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:4000')
    // Sign-in calls include credentials (a session cookie): allowed for that exact origin only.
    expect(get.headers.get('access-control-allow-credentials')).toBe('true')
    // No Origin (a test, a script, a same-origin GET): no CORS headers, answered.
    const plain = await api(devnet, '/v1/supported-chains')
    expect(plain.status).toBe(200)
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses any other origin: no CORS headers, a 403, nothing changed', async () => {
    const hostile = [
      'https://evil.example',
      'http://127.0.0.1.evil.example:5173',
      'http://localhost.evil.example',
      'https://localhost:5173',
      'null',
    ]
    for (const origin of hostile) {
      const preflight = await fetch(`${devnet.apiUrl}/e`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      })
      expect(preflight.status).toBe(403)
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
      expect(await preflight.json()).toEqual({ error: `origin ${origin} is not allowed` })
    }
    // A simple cross-site POST needs no preflight: it is refused before it is stored.
    const before = devnet.events().length
    const post = await api(devnet, '/e', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
      body: JSON.stringify({
        eventId: 'x',
        url: 'https://evil.example/',
        domain: 'evil.example',
        timestamp: 1,
        props: {},
      }),
    })
    expect(post.status).toBe(403)
    expect(devnet.events()).toHaveLength(before)
  })

  it('answers the control routes only with the X-Portico-Devnet header', async () => {
    const without = await fetch(`${devnet.apiUrl}/__devnet/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ route: '*', mode: '503' }),
    })
    expect(without.status).toBe(403)
    expect(await without.json()).toEqual({
      error: 'control routes need the header X-Portico-Devnet: 1',
    })
    expect(devnet.faults.list()).toEqual([])
    const wrong = await fetch(`${devnet.apiUrl}/__devnet/events`, {
      headers: { 'X-Portico-Devnet': 'yes' },
    })
    expect(wrong.status).toBe(403)
    expect((await control(devnet, '/__devnet/events')).status).toBe(200)
    // A loopback page may send the header: its preflight allows it.
    const preflight = await fetch(`${devnet.apiUrl}/__devnet/faults`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-portico-devnet',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-portico-devnet/i)
  })

  it('answers the control routes only under an IP address or localhost (no DNS rebinding)', async () => {
    const viaHost = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const target = new URL(`${devnet.apiUrl}/__devnet/info`)
        const req = request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            headers: { Host: host, ...CONTROL_HEADERS },
          },
          (res) => {
            let body = ''
            res.on('data', (chunk) => {
              body += chunk
            })
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
          },
        )
        req.on('error', reject)
        req.end()
      })
    const port = new URL(devnet.apiUrl).port
    const rebound = await viaHost(`attacker.example:${port}`)
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body)).toEqual({
      error: 'control routes answer on an IP address or localhost only',
    })
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `192.168.1.20:${port}`]) {
      expect((await viaHost(host)).status).toBe(200)
    }
  })
})

describe('faults', () => {
  it('answers 503 for the faulted routes until `times` runs out', async () => {
    devnet.faults.set({ route: '/v1/account', mode: '503', times: 2 })
    const address = devnet.accounts[0]?.address
    const balance = () => api(devnet, `/v1/account/${address}/balance`)
    expect((await balance()).status).toBe(503)
    // Other routes are not affected.
    expect((await api(devnet, '/v1/supported-chains')).status).toBe(200)
    const second = await balance()
    expect(second.status).toBe(503)
    expect(await second.json()).toEqual({ error: 'service unavailable (fault)' })
    expect((await balance()).status).toBe(200)
    expect(devnet.faults.list()).toEqual([])
  })

  it('answers 403 until cleared, and is set through the control route as well', async () => {
    const set = await postControl(devnet, '/__devnet/faults', { route: '/getWallets', mode: '403' })
    expect(set.status).toBe(200)
    expect((await api(devnet, '/getWallets')).status).toBe(403)
    expect((await api(devnet, '/getWallets')).status).toBe(403)
    // A path prefix matches whole segments only.
    expect((await api(devnet, '/getWalletImage/x')).status).toBe(404)
    await postControl(devnet, '/__devnet/faults', { route: '/getWallets', mode: 'off' })
    expect((await api(devnet, '/getWallets')).status).toBe(200)

    const bad = await postControl(devnet, '/__devnet/faults', { route: 'x', mode: '500' })
    expect(bad.status).toBe(400)
  })

  it('answers malformed bodies: invalid JSON, or the right keys with the wrong types', async () => {
    devnet.faults.set({ route: '/getAnalyticsConfig', mode: 'malformed', times: 1 })
    const syntax = await api(devnet, '/getAnalyticsConfig')
    expect(syntax.status).toBe(200)
    await expect(syntax.json()).rejects.toThrow()

    devnet.faults.set({ route: '*', mode: 'malformed', malformed: 'types', times: 1 })
    const types = await apiJson(devnet, '/getAnalyticsConfig')
    expect(types).toEqual({ isAnalyticsEnabled: 'true' })
    expect(await apiJson(devnet, '/getAnalyticsConfig')).toEqual({ isAnalyticsEnabled: true })
  })

  it('holds a timed-out request until the client aborts it', async () => {
    devnet.faults.set({ route: '/v1/supported-chains', mode: 'timeout', times: 1 })
    const controller = new AbortController()
    let settled = false
    const held = api(devnet, '/v1/supported-chains', { signal: controller.signal }).finally(() => {
      settled = true
    })
    // A later request is answered while the first is still held.
    expect((await api(devnet, '/getAnalyticsConfig')).status).toBe(200)
    expect(settled).toBe(false)
    controller.abort()
    await expect(held).rejects.toThrow(/abort/i)
    expect((await api(devnet, '/v1/supported-chains')).status).toBe(200)
  })

  it('leaves the control routes alone under a catch-all fault', async () => {
    devnet.faults.set({ route: '*', mode: '503' })
    try {
      expect((await api(devnet, '/v1/supported-chains')).status).toBe(503)
      const events = await control(devnet, '/__devnet/events')
      expect(events.status).toBe(200)
    } finally {
      devnet.faults.clear()
    }
    expect((await api(devnet, '/v1/supported-chains')).status).toBe(200)
  })
})
