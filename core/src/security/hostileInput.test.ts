// @vitest-environment happy-dom
/**
 * Names and numbers from outside reach the app cleaned and bounded, through the public API: a
 * wallet's announcement, the wallet listing, the token list, the identity service, the amount
 * field.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { connectorsFeature } from '../connectors/index.js'
import { isPorticoError } from '../errors/index.js'
import { loadFeatureCode } from '../kernel/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { sendCodeLoaded } from '../test-utils/sendForm.js'

// The wallet list's code is here (it comes with the first list shown): announcements are heard at once.
beforeAll(() => loadFeatureCode(connectorsFeature))

const API = 'https://api.test'
const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['https://rpc.test'] },
  },
] as const satisfies PorticoOptions['networks']

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function client(answer: (path: string) => unknown = () => ({})) {
  const hits: string[] = []
  const portico = createPortico({
    projectId: 'test',
    networks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: API, toolkit: API },
    fetch: async (input, init) => {
      const url = new URL(String(input))
      if (url.origin !== API) {
        const body = JSON.parse(String(init?.body))
        return Response.json({ jsonrpc: '2.0', id: body.id, result: '0x0' })
      }
      hits.push(url.pathname)
      return Response.json(answer(url.pathname))
    },
  })
  cleanups.push(() => portico.destroy())
  return { portico, hits }
}

function announce(name: string, rdns = 'dev.portico.hostile') {
  const wallet = createFakeWallet()
  cleanups.push(wallet.announce(window, { name, rdns }))
  return wallet
}

describe('names from outside', () => {
  it('a wallet announcing a name with bidi, control and zero-width characters is listed cleaned', () => {
    const { portico } = client()
    portico.connectors.startDiscovery()
    announce('Meta\u202EksaM\u200B', 'com.evil.one')
    announce('\u0000\u0001Wallet\u2066', 'com.evil.two')
    announce(`Long${'g'.repeat(1_000_000)}`, 'com.evil.three')
    const announced = portico.connectors.$connectors.get().filter((c) => c.type === 'ANNOUNCED')
    expect(announced.map((c) => c.name)).toEqual(['MetaksaM', 'Wallet', `Long${'g'.repeat(60)}`])
  })

  it('a wallet announcing a name with nothing visible in it is not listed', () => {
    const { portico } = client()
    portico.connectors.startDiscovery()
    announce('\u202E\u200B\u2060', 'com.invisible')
    expect(portico.connectors.$connectors.get().filter((c) => c.type === 'ANNOUNCED')).toEqual([])
  })

  it('wallet listing names are cleaned, and its hostile links dropped', async () => {
    const { portico } = client((path) =>
      path === '/getWallets'
        ? {
            count: 1,
            data: [
              {
                id: 'w1',
                name: 'Trust\u202E tellaW\u200B',
                mobile_link: 'search-ms:query=x',
                desktop_link: 'ms-officecmd:{}',
                webapp_link: 'intent://x#Intent;end',
                chains: ['eip155:31337'],
              },
            ],
          }
        : {},
    )
    await portico.wallets.fetchNextPage()
    const [wallet] = portico.wallets.$wallets.get()
    expect(wallet?.name).toBe('Trust tellaW')
    expect([wallet?.mobileLink, wallet?.desktopLink, wallet?.webappLink]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })

  it('token names and symbols from the balance API are cleaned and bounded', async () => {
    const { portico } = client((path) => {
      if (path === '/v1/supported-chains') return { http: ['eip155:31337'], ws: [] }
      if (path.endsWith('/balance')) {
        return {
          balances: [
            {
              name: `Tether\u202E USD${'!'.repeat(1_000_000)}`,
              symbol: 'USDT\u200B\u2066',
              chainId: 'eip155:31337',
              value: 1,
              price: 1,
              quantity: { decimals: '6', numeric: '1' },
              iconUrl: '',
            },
          ],
        }
      }
      return {}
    })
    portico.connectors.startDiscovery()
    announce('Fake', 'dev.portico.fake')
    await portico.connection.connect({ connectorId: 'dev.portico.fake' })
    const [token] = await portico.balances.fetchTokenBalances()
    expect(token?.name).toBe(`Tether USD${'!'.repeat(54)}`)
    expect(token?.symbol).toBe('USDT')
  })

  it('an identity body of swapped types is refused, not shown as the name "null"', async () => {
    // What a server answers for { name: null, avatar: null } with every type swapped.
    const { portico, hits } = client((path) =>
      path.startsWith('/v1/identity/') ? { name: 'null', avatar: 'null' } : {},
    )
    const error = await portico.identity.fetchIdentity(TEST_ACCOUNTS[0]).catch((e: unknown) => e)
    expect(isPorticoError(error, 'INVALID_RESPONSE')).toBe(true)

    portico.connectors.startDiscovery()
    announce('Fake', 'dev.portico.fake')
    await portico.connection.connect({ connectorId: 'dev.portico.fake' })
    await portico.identity.fetchIdentity(TEST_ACCOUNTS[0]).catch(() => undefined)
    expect(hits.filter((p) => p.startsWith('/v1/identity/')).length).toBeGreaterThanOrEqual(2)
    expect(portico.account.$account.get().profileName).toBeUndefined()
  })
})

describe('numbers from outside', () => {
  const usdc = {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:31337',
    address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
    value: 100,
    price: 1,
    quantity: { decimals: '6', numeric: '100' },
    iconUrl: '',
  }

  it('a pasted megabyte in the amount field is refused as no number, at once', async () => {
    const { portico } = client()
    await sendCodeLoaded(portico)
    portico.send.setToken(usdc)
    portico.send.setAmount('9'.repeat(1_000_000))
    expect(portico.send.$errors.get().amount).toEqual({ key: 'send.amountNotNumber' })
    // An amount of ordinary length is still read as a number.
    portico.send.setAmount('1000')
    expect(portico.send.$errors.get().amount).toEqual({ key: 'send.overBalance' })
    portico.send.setAmount('12.5')
    expect(portico.send.$errors.get().amount).toBeUndefined()
  })
})
