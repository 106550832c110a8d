import { describe, expect, it } from 'vitest'
import { siweToSiwx } from './legacy.js'
import type { SiweConfig, SiweCreateMessageArgs, SiweSession, SiwxSession } from './types.js'

// The legacy `siweConfig` as the app wrote it for the old package: each of its calls is the
// app's code, so the test records what the SDK asks of it and what it makes of the answers.

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NOW = Date.parse('2026-01-01T00:00:00.000Z')
const PAGE = { domain: 'app.example', uri: 'https://app.example/', now: () => NOW }

function legacyApp(overrides: Partial<SiweConfig> = {}) {
  const calls: string[] = []
  const made: SiweCreateMessageArgs[] = []
  let session: SiweSession | null = { address: ADDRESS, chainId: 1 }
  const config: SiweConfig = {
    getNonce: async () => 'legacynonce1',
    createMessage(args) {
      made.push(args)
      return `message for ${args.address}`
    },
    async verifyMessage(args) {
      calls.push(`verify ${JSON.stringify(args)}`)
      return true
    },
    getSession: async () => session,
    async signOut() {
      calls.push('signOut')
      session = null
      return true
    },
    onSignIn: (s) => calls.push(`onSignIn ${s?.address}`),
    onSignOut: () => calls.push('onSignOut'),
    ...overrides,
  }
  return { config, calls, made, setSession: (s: SiweSession | null) => (session = s) }
}

const signedSession = (extra: Partial<SiwxSession> = {}): SiwxSession => ({
  data: {
    accountAddress: ADDRESS,
    chainId: 'eip155:1',
    domain: 'app.example',
    uri: 'https://app.example/',
    version: '1',
    nonce: 'legacynonce1',
    issuedAt: '2026-01-01T00:00:00.000Z',
  },
  message: 'the text',
  signature: '0xsig',
  ...extra,
})

describe('the legacy message', () => {
  it('has no expiry of its own, the page domain and URI, and the app text', async () => {
    const app = legacyApp()
    const message = await siweToSiwx(app.config, PAGE).createMessage({
      accountAddress: ADDRESS,
      chainId: 'eip155:1',
    })
    expect(message.toString()).toBe(`message for eip155:1:${ADDRESS}`)
    expect(message.data).toEqual({
      accountAddress: ADDRESS,
      chainId: 'eip155:1',
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      nonce: 'legacynonce1',
      issuedAt: '2026-01-01T00:00:00.000Z',
    })
    expect(app.made).toEqual([
      {
        address: `eip155:1:${ADDRESS}`,
        chainId: 1,
        nonce: 'legacynonce1',
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        iat: '2026-01-01T00:00:00.000Z',
        exp: undefined,
        nbf: undefined,
        statement: undefined,
        resources: undefined,
      },
    ])
  })

  it('takes the dates, domain, URI, statement and resources the app gives', async () => {
    const app = legacyApp({
      getMessageParams: async () => ({
        domain: 'other.example',
        uri: 'https://other.example/login',
        statement: 'Welcome',
        exp: '2026-01-02T00:00:00.000Z',
        nbf: '2026-01-01T00:05:00.000Z',
        resources: ['https://other.example/terms'],
      }),
    })
    const message = await siweToSiwx(app.config, PAGE).createMessage({
      accountAddress: ADDRESS,
      chainId: 'eip155:10',
    })
    expect(message.data).toMatchObject({
      domain: 'other.example',
      uri: 'https://other.example/login',
      statement: 'Welcome',
      expirationTime: '2026-01-02T00:00:00.000Z',
      notBefore: '2026-01-01T00:05:00.000Z',
      resources: ['https://other.example/terms'],
    })
    expect(app.made[0]).toMatchObject({
      chainId: 10,
      exp: '2026-01-02T00:00:00.000Z',
      nbf: '2026-01-01T00:05:00.000Z',
      statement: 'Welcome',
    })
  })
})

describe('the legacy session', () => {
  it("is the app's session for this account and network, whatever the address case", async () => {
    const app = legacyApp()
    const siwx = siweToSiwx(app.config, PAGE)
    const [found] = await siwx.getSessions('eip155:1', ADDRESS.toLowerCase())
    expect(found).toEqual({
      data: {
        accountAddress: ADDRESS,
        chainId: 'eip155:1',
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        nonce: 'legacysession',
        issuedAt: '2026-01-01T00:00:00.000Z',
      },
      message: '',
      signature: '',
    })
    expect(await siwx.getSessions('eip155:10', ADDRESS)).toEqual([])
    expect(
      await siwx.getSessions('eip155:1', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
    ).toEqual([])
    app.setSession(null)
    expect(await siwx.getSessions('eip155:1', ADDRESS)).toEqual([])
  })

  it('on a page without a domain or URI, the session says none', async () => {
    const siwx = siweToSiwx(legacyApp().config, {
      domain: undefined,
      uri: undefined,
      now: () => NOW,
    })
    const [found] = await siwx.getSessions('eip155:1', ADDRESS)
    expect(found?.data).toMatchObject({ domain: '', uri: '' })
  })

  it('a signed message is verified by the app, with the CACAO of a one-click sign-in', async () => {
    const app = legacyApp()
    const siwx = siweToSiwx(app.config, PAGE)
    await siwx.addSession(signedSession())
    const cacao = { h: { t: 'caip122' }, p: {}, s: { t: 'eip191', s: '0xsig' } } as never
    await siwx.addSession(signedSession({ cacao }))
    expect(app.calls).toEqual([
      `verify ${JSON.stringify({ message: 'the text', signature: '0xsig' })}`,
      `onSignIn ${ADDRESS}`,
      `verify ${JSON.stringify({ message: 'the text', signature: '0xsig', cacao })}`,
      `onSignIn ${ADDRESS}`,
    ])
  })

  it('setSessions([]) signs out; setSessions with sessions verifies each', async () => {
    const app = legacyApp()
    const siwx = siweToSiwx(app.config, PAGE)
    await siwx.setSessions([])
    expect(app.calls).toEqual(['signOut', 'onSignOut'])
    await siwx.setSessions([signedSession()])
    expect(app.calls.slice(2)).toEqual([
      `verify ${JSON.stringify({ message: 'the text', signature: '0xsig' })}`,
      // The app's getSession answered null after the sign-out: onSignIn is told no session.
      'onSignIn undefined',
    ])
  })

  it('is required and signed out on disconnect unless the app says otherwise', () => {
    const plain = siweToSiwx(legacyApp().config, PAGE)
    expect(plain.getRequired?.()).toBe(true)
    expect(plain.signOutOnDisconnect).toBe(true)
    const relaxed = siweToSiwx(
      legacyApp({ required: false, signOutOnDisconnect: false }).config,
      PAGE,
    )
    expect(relaxed.getRequired?.()).toBe(false)
    expect(relaxed.signOutOnDisconnect).toBe(false)
  })
})
