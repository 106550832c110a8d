import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import {
  createFakeUniversalProvider,
  type FakeUniversalProvider,
} from '../test-utils/fakeUniversalProvider.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { createInspectablePortico } from '../test-utils/portico.js'
import { loadUniversalProvider } from '../walletconnect/loadUniversalProvider.js'
import { createSignInMessage } from './message.js'
import type { SiwxConfig, SiwxSession } from './types.js'

// WalletConnect one-click sign-in through the client: the pairing proposal carries the sign-in
// request, the wallet's approval carries CACAOs, and the first one the app's backend accepts is
// the session, before the connection is reported (so no sign-in view opens). WalletConnect's
// library and the phone wallet are the edge of the world: a fake client whose approval the test
// gives, extended here with what a wallet that supports one-click sign-in answers.
vi.mock('../walletconnect/loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('../walletconnect/loadUniversalProvider.js')>()),
  loadUniversalProvider: vi.fn(),
}))

const cleanups: (() => void)[] = []
beforeAll(async () => {
  await Promise.all([
    import('../adapters/evm/createEvmAdapter.js'),
    import('./lazy.js'),
    import('viem/siwe'),
  ])
}, 60_000)
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.mocked(loadUniversalProvider).mockReset()
})

/** Polls (event-loop turns, no clock) until the condition holds, within 10 s. */
async function until(condition: () => boolean) {
  const deadline = performance.now() + 10_000
  while (!condition() && performance.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  expect(condition()).toBe(true)
}

/** The app's backend: it records what it is offered and refuses what the test says. */
function createBackend(refuse: (session: SiwxSession) => boolean = () => false) {
  const sessions: SiwxSession[] = []
  const offered: string[] = []
  const config: SiwxConfig = {
    createMessage: async ({ accountAddress, chainId }) =>
      createSignInMessage({
        accountAddress,
        chainId,
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        nonce: 'oneclicknonce1',
        issuedAt: new Date(Date.now()).toISOString(),
        expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    async addSession(session) {
      offered.push(session.data.chainId)
      if (refuse(session)) throw new Error('the nonce was spent')
      sessions.push(session)
    },
    revokeSession: async () => undefined,
    setSessions: async () => undefined,
    getSessions: async (chainId, address) =>
      sessions.filter(
        (s) =>
          s.data.chainId === chainId &&
          s.data.accountAddress.toLowerCase() === address.toLowerCase(),
      ),
  }
  return { config, sessions, offered }
}

/** A CACAO the wallet signed for the account on `chain` (its signature is not checked here). */
const cacao = (chain: string) => ({
  h: { t: 'caip122' },
  p: {
    iss: `did:pkh:eip155:${chain}:${TEST_ACCOUNTS[0]}`,
    domain: 'app.example',
    aud: 'https://app.example/',
    version: '1',
    nonce: 'oneclicknonce1',
    iat: new Date(Date.now()).toISOString(),
    exp: new Date(Date.now() + 3_600_000).toISOString(),
  },
  s: { t: 'eip191', s: `0x${'cd'.repeat(65)}` },
})

/** A phone wallet that answers a pairing's sign-in request with these CACAOs. */
function oneClickWallet(cacaos: unknown[]) {
  const fake: FakeUniversalProvider = createFakeUniversalProvider({ now: () => Date.now() })
  const up = fake.up as unknown as {
    connect(params: { authentication?: unknown[] }): Promise<object>
    client: { formatAuthMessage?(args: { request: unknown; iss: string }): string }
  }
  const asked: unknown[] = []
  const connect = up.connect
  up.connect = async (params) => {
    asked.push(...(params.authentication ?? []))
    const session = await connect(params)
    return { ...session, authentication: params.authentication ? cacaos : undefined }
  }
  up.client.formatAuthMessage = ({ iss }) => `app.example signed in as ${iss}`
  vi.mocked(loadUniversalProvider).mockResolvedValue(fake.up)
  return { fake, asked }
}

async function pairWith(config: SiwxConfig, cacaos: unknown[]) {
  const wallet = oneClickWallet(cacaos)
  const { client } = createInspectablePortico({
    projectId: 'p',
    networks: testNetworks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    fetch: unreachableFetch,
    apiUrls: { relay: 'ws://127.0.0.1:9' },
    siwx: config,
  })
  cleanups.push(() => client.destroy())
  const pairing = client.walletConnect.startPairing()
  await until(() => wallet.fake.state.pairings[0]?.uri !== undefined)
  wallet.fake.state.pairings[0]?.approve({
    topic: 'session-topic',
    accounts: [TEST_ACCOUNTS[0]],
    chainId: 31337,
    peer: { name: 'Phone Wallet', icons: [] },
  })
  await pairing
  return { client, asked: wallet.asked }
}

describe('one-click sign-in within the WalletConnect approval', () => {
  it("asks in the pairing with the configuration's fields; the wallet's CACAO is the session", async () => {
    const backend = createBackend()
    const { client, asked } = await pairWith(backend.config, [cacao('31337')])
    expect(asked).toEqual([
      expect.objectContaining({
        domain: 'app.example',
        uri: 'https://app.example/',
        chains: ['eip155:31337', 'eip155:31338'],
        nonce: 'oneclicknonce1',
        ttl: 600,
      }),
    ])
    expect(backend.sessions).toHaveLength(1)
    expect(backend.sessions[0]?.message).toBe(
      `app.example signed in as did:pkh:eip155:31337:${TEST_ACCOUNTS[0]}`,
    )
    await until(() => client.siwx.$session.get() !== undefined)
    expect(client.siwx.$sessionInfo.get()).toMatchObject({
      caipAddress: `eip155:31337:${TEST_ACCOUNTS[0]}`,
      via: 'cacao',
    })
    expect(client.modal.$open.get()).toBe(false)
  })

  it('a CACAO the backend refuses is passed over for the next one', async () => {
    const backend = createBackend((session) => session.data.chainId === 'eip155:31338')
    const { client } = await pairWith(backend.config, [cacao('31338'), cacao('31337')])
    expect(backend.offered).toEqual(['eip155:31338', 'eip155:31337'])
    expect(backend.sessions.map((s) => s.data.chainId)).toEqual(['eip155:31337'])
    await until(() => client.siwx.$session.get() !== undefined)
  })
})
