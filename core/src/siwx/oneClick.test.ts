import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import type { PorticoNetwork } from '../options/index.js'
import { createWalletConnectProvider } from '../test-utils/walletConnectProvider.js'
import type { UniversalProviderInstance } from '../walletconnect/loadUniversalProvider.js'
import { createSignInMessage } from './message.js'
import {
  acceptCacaos,
  cacaoToSession,
  ONE_CLICK_PLACEHOLDER_ADDRESS,
  ONE_CLICK_REQUEST_TTL_S,
  oneClickRequest,
} from './oneClick.js'
import type { SiwxConfig, SiwxSession } from './types.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const logger = createLogger({ level: 'silent' })

const network = (id: string) =>
  ({
    id,
    name: id,
    nativeCurrency: { name: 'x', symbol: 'X', decimals: 18 },
    rpcUrls: { http: [] },
  }) as unknown as PorticoNetwork

function backend(refuse: (session: SiwxSession) => boolean = () => false) {
  const added: SiwxSession[] = []
  const asked: string[] = []
  const config: SiwxConfig = {
    async createMessage({ accountAddress, chainId }) {
      asked.push(`${chainId}:${accountAddress}`)
      return createSignInMessage({
        accountAddress,
        chainId,
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        nonce: 'abcdef0123456789',
        issuedAt: '2026-01-01T00:00:00.000Z',
        expirationTime: '2026-01-02T00:00:00.000Z',
        statement: 'One click',
        resources: ['https://app.example/terms'],
      })
    },
    async addSession(session) {
      if (refuse(session)) throw new Error('nonce already used')
      added.push(session)
    },
    revokeSession: async () => undefined,
    setSessions: async () => undefined,
    getSessions: async () => [],
  }
  return { config, added, asked }
}

const cacao = (chain: string, overrides: Record<string, unknown> = {}) => ({
  h: { t: 'caip122' },
  p: {
    iss: `did:pkh:eip155:${chain}:${ADDRESS}`,
    domain: 'app.example',
    aud: 'https://app.example/',
    version: '1',
    nonce: 'abcdef0123456789',
    iat: '2026-01-01T00:00:01.000Z',
    exp: '2026-01-02T00:00:00.000Z',
    statement: 'One click',
    resources: ['https://app.example/terms', 7],
    ...overrides,
  },
  s: { t: 'eip191', s: `0x${chain}` },
})
const format = (c: unknown) => `text of ${(c as { p: { iss: string } }).p.iss}`

describe('the one-click request', () => {
  it("asks for the app's eip155 chains with the configuration's fields", async () => {
    const { config, asked } = backend()
    const request = await oneClickRequest(config, [
      network('eip155:31337'),
      network('solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'),
      network('eip155:31338'),
    ])
    expect(request).toEqual({
      domain: 'app.example',
      uri: 'https://app.example/',
      chains: ['eip155:31337', 'eip155:31338'],
      nonce: 'abcdef0123456789',
      ttl: 600,
      statement: 'One click',
      exp: '2026-01-02T00:00:00.000Z',
      resources: ['https://app.example/terms'],
    })
    // The account is not known yet: the message is made for a placeholder, only its fields used.
    expect(asked).toEqual([`eip155:31337:${ONE_CLICK_PLACEHOLDER_ADDRESS}`])
    expect(ONE_CLICK_REQUEST_TTL_S).toBe(600)
  })

  it('asks nothing without an eip155 network (only eip155 signs in within the approval)', async () => {
    const { config, asked } = backend()
    expect(
      await oneClickRequest(config, [network('solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP')]),
    ).toBeUndefined()
    expect(asked).toEqual([])
  })
})

describe('the CACAOs of the approval', () => {
  it('reads a CACAO as a session: payload fields, the text it signed, its signature', () => {
    expect(cacaoToSession(cacao('31337'), format)).toEqual({
      data: {
        accountAddress: ADDRESS,
        chainId: 'eip155:31337',
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        nonce: 'abcdef0123456789',
        issuedAt: '2026-01-01T00:00:01.000Z',
        expirationTime: '2026-01-02T00:00:00.000Z',
        statement: 'One click',
        resources: ['https://app.example/terms'],
      },
      message: `text of did:pkh:eip155:31337:${ADDRESS}`,
      signature: '0x31337',
      cacao: cacao('31337'),
    })
  })

  it('refuses an issuer that is not an eip155 account, and a payload without URI or date', () => {
    for (const iss of [
      'did:pkh:solana:abc:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      `did:pkh:eip155:1:${ADDRESS}:extra`,
      'did:key:z6Mk',
    ]) {
      expect(cacaoToSession(cacao('1', { iss }), format)).toBeUndefined()
    }
    expect(cacaoToSession(cacao('1', { aud: undefined }), format)).toBeUndefined()
    expect(cacaoToSession(cacao('1', { iat: 5 }), format)).toBeUndefined()
  })

  it('never throws on what a wallet may send', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const session = cacaoToSession(value, format)
        if (session) expect(session.data.chainId.startsWith('eip155:')).toBe(true)
      }),
      { numRuns: 1_000 },
    )
  })

  it('offers them in order until one is accepted (one nonce, taken once)', async () => {
    const { config, added } = backend((s) => s.data.chainId === 'eip155:31337')
    const session = await acceptCacaos(
      config,
      ['junk', cacao('31337'), cacao('31338'), cacao('1')],
      format,
      { logger },
    )
    expect(session?.data.chainId).toBe('eip155:31338')
    expect(added.map((s) => s.data.chainId)).toEqual(['eip155:31338'])
  })

  it('accepts none when every one is refused', async () => {
    const { config, added } = backend(() => true)
    expect(await acceptCacaos(config, [cacao('1')], format, { logger })).toBeUndefined()
    expect(added).toEqual([])
  })
})

/** The universal provider at the edge of the world: it records what the pairing asked. */
function fakeUniversalProvider(authentication: unknown[] | undefined) {
  const connects: unknown[] = []
  const listeners = new Map<string, (...args: never[]) => void>()
  let session: unknown
  const up = {
    on: (event: string, listener: (...args: never[]) => void) => listeners.set(event, listener),
    removeListener: (event: string) => listeners.delete(event),
    get session() {
      return session
    },
    async connect(params: unknown) {
      connects.push(params)
      listeners.get('display_uri')?.('wc:pairing@2' as never)
      session = { authentication, peer: { metadata: { name: 'Phone' } } }
      return session
    },
    request: async () => [ADDRESS],
    client: {
      formatAuthMessage: ({ iss }: { iss: string }) => `formatted for ${iss}`,
      // Its relay client, with the socket open.
      core: { relayer: { connected: true, on: () => undefined, off: () => undefined } },
    },
  }
  return { up: up as unknown as UniversalProviderInstance, connects }
}

describe('WalletConnect pairing with a sign-in (the provider hook)', () => {
  it('sends the request in the proposal and hands the CACAOs back before the connection resolves', async () => {
    const { up, connects } = fakeUniversalProvider([cacao('31337')])
    const order: string[] = []
    const provider = createWalletConnectProvider({
      load: async () => up,
      namespaces: () => ({}),
      onUri: () => undefined,
      onPairingError: () => undefined,
      signIn: () => ({
        request: async () => ({
          domain: 'app.example',
          uri: 'https://app.example/',
          chains: ['eip155:31337'],
          nonce: 'abcdef0123456789',
          ttl: 600,
        }),
        async accept(cacaos, format) {
          order.push(`accept ${cacaos.length} ${format(cacaos[0])}`)
        },
      }),
    })
    const accounts = await provider.request({ method: 'eth_requestAccounts' })
    order.push('connected')
    expect(accounts).toEqual([ADDRESS])
    expect(connects).toEqual([
      {
        optionalNamespaces: {},
        authentication: [
          {
            domain: 'app.example',
            uri: 'https://app.example/',
            chains: ['eip155:31337'],
            nonce: 'abcdef0123456789',
            ttl: 600,
          },
        ],
      },
    ])
    expect(order).toEqual([`accept 1 formatted for did:pkh:eip155:31337:${ADDRESS}`, 'connected'])
  })

  it('pairs without a sign-in when its request cannot be made, or nobody asks', async () => {
    for (const signIn of [
      () => ({
        request: () => Promise.reject(new Error('nonce server down')),
        accept: async () => undefined,
      }),
      () => undefined,
    ]) {
      const { up, connects } = fakeUniversalProvider(undefined)
      const provider = createWalletConnectProvider({
        load: async () => up,
        namespaces: () => ({}),
        onUri: () => undefined,
        onPairingError: () => undefined,
        signIn,
      })
      expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
      expect(connects).toEqual([{ optionalNamespaces: {} }])
    }
  })

  it('connects even when the CACAOs are refused', async () => {
    const { up } = fakeUniversalProvider([cacao('1')])
    const provider = createWalletConnectProvider({
      load: async () => up,
      namespaces: () => ({}),
      onUri: () => undefined,
      onPairingError: () => undefined,
      signIn: () => ({
        request: async () => ({ domain: 'a', uri: 'https://a/', chains: [], nonce: 'n', ttl: 1 }),
        accept: () => Promise.reject(new Error('refused')),
      }),
    })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
  })
})
