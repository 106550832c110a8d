// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { createMemoryStorage, type StorageAdapter } from '../storage/index.js'
import { unreachableFetch } from '../test-utils/client.js'
import {
  createFakeUniversalProvider,
  type FakeSession,
  type FakeUniversalProvider,
} from '../test-utils/fakeUniversalProvider.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { testNetworks } from '../test-utils/networks.js'
import { loadUniversalProvider } from './loadUniversalProvider.js'

// A WalletConnect session once the phone wallet approved it: what the app shows of the wallet,
// what it remembers, and what the wallet says later. WalletConnect's library is the edge of the
// world: its session carries the wallet's own metadata, untrusted like any text from outside.
vi.mock('./loadUniversalProvider.js', async (original) => ({
  ...(await original<typeof import('./loadUniversalProvider.js')>()),
  loadUniversalProvider: vi.fn(),
}))

beforeAll(async () => {
  await import('../adapters/evm/createEvmAdapter.js')
}, 60_000)
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.mocked(loadUniversalProvider).mockReset()
})

/** A session as WalletConnect's library holds it: the peer's metadata under `peer.metadata`. */
const session = (metadata: { name: string; icons: string[] }): FakeSession =>
  ({
    topic: 'session-topic',
    accounts: [TEST_ACCOUNTS[0]],
    chainId: 31337,
    peer: { metadata },
  }) as unknown as FakeSession

function setup(storage: StorageAdapter = createMemoryStorage()) {
  const fake = createFakeUniversalProvider({ now: () => Date.now() })
  vi.mocked(loadUniversalProvider).mockResolvedValue(fake.up)
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage,
    logLevel: 'silent',
    fetch: unreachableFetch,
  })
  cleanups.push(() => client.destroy())
  return { client, fake, storage }
}

async function approve(
  fake: FakeUniversalProvider,
  metadata = { name: 'Phone Wallet', icons: [] as string[] },
) {
  await vi.waitFor(() => expect(fake.state.pairings.at(-1)?.uri).toBeDefined())
  fake.state.pairings.at(-1)?.approve(session(metadata))
}

const WALLET = {
  id: 'phone',
  name: 'Phone Wallet (listed)',
  mobileLink: 'phonewallet://',
  webappLink: 'https://web.phone.example',
  imageUrl: 'https://img.example/phone.png',
  chains: ['eip155:31337'],
}

describe('the approved session', () => {
  it('shows the wallet by the name it gives itself, cleaned, with a safe icon; by QR code', async () => {
    const { client, fake } = setup()
    const pairing = client.walletConnect.startPairing()
    await approve(fake, {
      name: 'Phone\u202E Wallet\u200B',
      icons: ['https://img.example/w.png'],
    })
    await pairing
    expect(client.account.$account.get().connectedWalletInfo).toMatchObject({
      id: 'walletConnect',
      name: 'Phone Wallet',
      icon: 'https://img.example/w.png',
      type: 'WALLET_CONNECT',
    })
    expect(client.walletConnect.$connectedVia.get()).toBe('qrcode')
    expect(client.walletConnect.$status.get()).toBe('connected')
    expect(client.walletConnect.$wcUri.get()).toBeUndefined()
  })

  it('a wallet whose name or icon is unusable is shown as the listed wallet picked', async () => {
    const { client, fake } = setup()
    client.walletConnect.selectWallet(WALLET)
    const pairing = client.walletConnect.startPairing()
    await approve(fake, { name: '\u200B\u202E', icons: ['javascript:alert(1)'] })
    await pairing
    expect(client.account.$account.get().connectedWalletInfo).toMatchObject({
      id: 'phone',
      name: 'Phone Wallet (listed)',
      icon: 'https://img.example/phone.png',
    })
  })

  it('a deep link opened for the pairing: connected via mobile, the link remembered', async () => {
    const storage = createMemoryStorage()
    const { client, fake } = setup(storage)
    client.walletConnect.selectWallet(WALLET)
    const pairing = client.walletConnect.startPairing()
    await vi.waitFor(() => expect(client.walletConnect.$wcUri.get()).toBeDefined())
    client.walletConnect.openLink('mobile')
    expect(client.walletConnect.$status.get()).toBe('connecting')
    const href = client.walletConnect.links().mobile as string
    expect(href).toMatch(/^phonewallet:\/\/wc\?uri=wc%3A/)
    expect(client.walletConnect.$wcLinking.get()).toEqual({ name: 'Phone Wallet (listed)', href })
    await approve(fake)
    await pairing
    expect(client.walletConnect.$connectedVia.get()).toBe('mobile')
    expect(JSON.parse(storage.getItem('@portico/deeplink_choice') ?? 'null')).toEqual({
      name: 'Phone Wallet (listed)',
      href,
    })
    // The choice is there after a reload, once the new client's half has read it.
    client.destroy()
    const again = setup(storage)
    await vi.waitFor(() =>
      expect(again.client.walletConnect.$wcLinking.get()).toEqual({
        name: 'Phone Wallet (listed)',
        href,
      }),
    )
  })

  it('a link opened before the stored choice was first read wins over the stored one', async () => {
    const storage = createMemoryStorage({
      '@portico/deeplink_choice': JSON.stringify({ name: 'Old Wallet', href: 'oldwallet://' }),
    })
    const { client } = setup(storage)
    client.walletConnect.selectWallet(WALLET)
    void client.walletConnect.startPairing()
    await vi.waitFor(() => expect(client.walletConnect.$wcUri.get()).toBeDefined())
    client.walletConnect.openLink('mobile')
    const href = client.walletConnect.links().mobile as string
    // Nothing showed the choice until now: this is its first read.
    const stop = client.walletConnect.$wcLinking.listen(() => undefined)
    cleanups.push(stop)
    await vi.dynamicImportSettled()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(client.walletConnect.$wcLinking.get()).toEqual({ name: 'Phone Wallet (listed)', href })
  })

  it('a web link opens a new tab without opener or referrer', async () => {
    const { client } = setup()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    cleanups.push(() => open.mockRestore())
    client.walletConnect.selectWallet(WALLET)
    void client.walletConnect.startPairing()
    await vi.waitFor(() => expect(client.walletConnect.$wcUri.get()).toBeDefined())
    client.walletConnect.openLink('web')
    expect(open).toHaveBeenCalledTimes(1)
    const [url, target, features] = open.mock.calls[0] as [string, string, string]
    expect(url).toMatch(/^https:\/\/web\.phone\.example\/wc\?uri=wc%3A/)
    expect(target).toBe('_blank')
    expect(features).toBe('noreferrer,noopener')
  })

  it("no link for a wallet that has none, or with no wallet picked: 'No … link for this wallet'", async () => {
    const { client } = setup()
    expect(() => client.walletConnect.openLink('mobile')).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'No mobile link for this wallet' }),
    )
    client.walletConnect.selectWallet({ id: 'x', name: 'X' })
    void client.walletConnect.startPairing()
    await vi.waitFor(() => expect(client.walletConnect.$wcUri.get()).toBeDefined())
    expect(() => client.walletConnect.openLink('desktop')).toThrow(
      'No desktop link for this wallet',
    )
    expect(client.walletConnect.$wcLinking.get()).toBeUndefined()
  })
})

describe('a deep link and what follows', () => {
  it('a pairing after a reset is by QR code, even if a link was opened before the reset', async () => {
    const { client, fake } = setup()
    client.walletConnect.selectWallet(WALLET)
    void client.walletConnect.startPairing()
    await vi.waitFor(() => expect(client.walletConnect.$wcUri.get()).toBeDefined())
    client.walletConnect.openLink('mobile')
    client.walletConnect.reset()
    expect(client.walletConnect.$wcPairingExpiry.get()).toBeUndefined()
    const pairing = client.walletConnect.startPairing()
    await approve(fake)
    await pairing
    expect(client.walletConnect.$connectedVia.get()).toBe('qrcode')
  })

  it('disconnecting forgets the wallet picked and the link opened; the stored choice stays for next time', async () => {
    const storage = createMemoryStorage()
    const { client, fake } = setup(storage)
    client.walletConnect.selectWallet(WALLET)
    const pairing = client.walletConnect.startPairing()
    await vi.waitFor(() => expect(client.walletConnect.$wcUri.get()).toBeDefined())
    client.walletConnect.openLink('mobile')
    await approve(fake)
    await pairing
    await client.connection.disconnect()
    expect(client.walletConnect.$recentWallet.get()).toBeUndefined()
    expect(client.walletConnect.$wcLinking.get()).toBeUndefined()
    expect(JSON.parse(storage.getItem('@portico/deeplink_choice') ?? 'null')).toMatchObject({
      name: 'Phone Wallet (listed)',
    })
  })

  it("a wallet that sends no metadata is shown under the connector's name", async () => {
    const { client, fake } = setup()
    const pairing = client.walletConnect.startPairing()
    await vi.waitFor(() => expect(fake.state.pairings.at(-1)?.uri).toBeDefined())
    fake.state.pairings.at(-1)?.approve({ ...session({ name: '', icons: [] }), peer: {} } as never)
    await pairing
    expect(client.walletConnect.$status.get()).toBe('connected')
    expect(client.account.$account.get().connectedWalletInfo?.name).toBe('WalletConnect')
    // Connected: the QR code is gone.
    expect(client.walletConnect.$wcUri.get()).toBeUndefined()
  })

  it("an app that gives no metadata is named Portico, at the page's own origin", async () => {
    const page = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM
    page.setURL('https://shop.example/checkout')
    cleanups.push(() => page.setURL('about:blank'))
    const { client, fake } = setup()
    void client.walletConnect.startPairing()
    await vi.waitFor(() => expect(fake.state.pairings).toHaveLength(1))
    expect(vi.mocked(loadUniversalProvider).mock.calls[0]?.[0].metadata).toEqual({
      name: 'Portico',
      description: 'Connect a wallet',
      url: 'https://shop.example',
      icons: [],
    })
  })
})

describe('what the wallet says later', () => {
  it('another account, another chain, then the session ended from the phone', async () => {
    const { client, fake } = setup()
    const pairing = client.walletConnect.startPairing()
    await approve(fake)
    await pairing
    fake.emit('accountsChanged', [TEST_ACCOUNTS[1]])
    await vi.waitFor(() => expect(client.account.$account.get().address).toBe(TEST_ACCOUNTS[1]))
    fake.emit('chainChanged', 31338)
    await vi.waitFor(() => expect(client.network.$activeNetwork.get().id).toBe('eip155:31338'))
    fake.emit('session_delete', { topic: 'session-topic' })
    await vi.waitFor(() => expect(client.account.$account.get().status).toBe('disconnected'))
  })

  it('a session that expires disconnects too', async () => {
    const { client, fake } = setup()
    const pairing = client.walletConnect.startPairing()
    await approve(fake)
    await pairing
    fake.emit('session_expire', { topic: 'session-topic' })
    await vi.waitFor(() => expect(client.account.$account.get().status).toBe('disconnected'))
  })

  it('the wallet library saying disconnect ends the connection', async () => {
    const { client, fake } = setup()
    const pairing = client.walletConnect.startPairing()
    await approve(fake)
    await pairing
    fake.emit('disconnect')
    await vi.waitFor(() => expect(client.account.$account.get().status).toBe('disconnected'))
  })
})

describe('disconnecting from the app', () => {
  it('tells the wallet over the relay, and the session is over here', async () => {
    const { client, fake } = setup()
    const pairing = client.walletConnect.startPairing()
    await approve(fake)
    await pairing
    await client.connection.disconnect()
    expect(fake.state.deletions).toEqual(['session-topic'])
    expect(fake.state.forgotten).toEqual([])
    expect(client.account.$account.get().status).toBe('disconnected')
    expect(client.walletConnect.$status.get()).toBe('disconnected')
  })

  it('pairs again afterwards: a new QR code, a new session', async () => {
    const { client, fake } = setup()
    const first = client.walletConnect.startPairing()
    await approve(fake)
    await first
    await client.connection.disconnect()
    const again = client.walletConnect.startPairing()
    await vi.waitFor(() => expect(fake.state.pairings[1]?.uri).toBeDefined())
    expect(client.walletConnect.$wcUri.get()).toBe(fake.state.pairings[1]?.uri)
    fake.state.pairings[1]?.approve(session({ name: 'Phone Wallet', icons: [] }))
    expect((await again)?.address).toBe(TEST_ACCOUNTS[0])
    expect(client.walletConnect.$status.get()).toBe('connected')
  })
})
