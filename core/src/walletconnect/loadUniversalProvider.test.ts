// @vitest-environment happy-dom
import { Core } from '@walletconnect/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/index.js'
import { createWalletConnectStorage } from './keyValueStorage.js'
import { createOwnCore, loadUniversalProvider } from './loadUniversalProvider.js'

// The universal provider would open the relay's socket as it starts: it is the edge of the world
// here. What it is handed (WalletConnect's core, built for real, and the options) is what the
// tests read.
vi.mock('@walletconnect/universal-provider', () => ({
  UniversalProvider: { init: vi.fn(async (options: unknown) => options) },
}))

const global = globalThis as Record<string, unknown>
afterEach(() => {
  for (const key of Object.keys(global)) {
    if (key.startsWith('_walletConnectCore_')) delete global[key]
  }
  vi.restoreAllMocks()
})

const core = (storageKey: string) =>
  new Core({ projectId: 'p', customStoragePrefix: storageKey, logger: 'silent' })
describe('WalletConnect under the storage key', () => {
  it('keeps its records under @<storageKey>/wc/', async () => {
    const adapter = createMemoryStorage()
    const shop = createWalletConnectStorage(adapter, '@shop/wc/')
    const admin = createWalletConnectStorage(adapter, '@admin/wc/')
    await shop.setItem('wc@2:client:0.3:session', [{ topic: 't' }])
    expect(adapter.getItem('@shop/wc/wc@2:client:0.3:session')).toBe('[{"topic":"t"}]')
    expect(await admin.getItem('wc@2:client:0.3:session')).toBeUndefined()
    expect(await shop.getItem('wc@2:client:0.3:session')).toEqual([{ topic: 't' }])
  })

  it('gives every client a core of its own, even under the same storage key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    // WalletConnect alone hands the second client the first one's core, and warns.
    const shared = [core('shop'), core('shop')]
    expect(shared[1]).toBe(shared[0])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Init() was called 2 times'))
    warn.mockClear()

    const first = createOwnCore('shop', () => core('shop'))
    const second = createOwnCore('shop', () => core('shop'))
    expect(second).not.toBe(first)
    expect(second).not.toBe(shared[0])
    expect(warn).not.toHaveBeenCalled()
    // What was in the globals before is put back as it was, and nothing of ours is left there.
    expect(global._walletConnectCore_shop).toBe(shared[0])
    expect(global._walletConnectCore_shop_count).toBe(2)
    createOwnCore('admin', () => core('admin'))
    expect(Object.keys(global).filter((key) => key.startsWith('_walletConnectCore_admin'))).toEqual(
      [],
    )
  })

  it('puts the globals back when building the core fails', () => {
    global._walletConnectCore_shop = 'theirs'
    expect(() =>
      createOwnCore('shop', () => {
        throw new Error('no core')
      }),
    ).toThrow('no core')
    expect(global._walletConnectCore_shop).toBe('theirs')
  })
})

type Started = {
  core: InstanceType<typeof Core>
  projectId: string
  relayUrl: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  logger: string
  storage: { setItem(key: string, value: unknown): Promise<void> }
}

/**
 * Calls WalletConnect as a web page would: it takes the presence of Node's version for "not a
 * browser" and skips its verify step there. It checks when the call starts, so hiding it for the
 * call itself is enough.
 */
function onWebPage<T>(call: () => T): T {
  const node = Object.getOwnPropertyDescriptor(process.versions, 'node') as PropertyDescriptor
  Object.defineProperty(process.versions, 'node', { ...node, value: undefined })
  try {
    return call()
  } finally {
    Object.defineProperty(process.versions, 'node', node)
  }
}

const METADATA = {
  name: 'Shop',
  description: 'A shop',
  url: 'https://shop.example',
  icons: ['https://shop.example/icon.png'],
}

async function start(relayUrl = 'ws://127.0.0.1:4444', storageKey = 'shop') {
  const storage = createMemoryStorage()
  const started = (await loadUniversalProvider({
    projectId: 'project-1',
    relayUrl,
    metadata: METADATA,
    storage,
    storageKey,
  })) as unknown as Started
  return { started, storage }
}

describe('starting WalletConnect', () => {
  it("hands WalletConnect the app's project id, relay and metadata, and keeps its records under @<storageKey>/wc/", async () => {
    const { started, storage } = await start('ws://127.0.0.1:4444', 'shop')
    expect(started).toMatchObject({
      projectId: 'project-1',
      relayUrl: 'ws://127.0.0.1:4444',
      metadata: METADATA,
      logger: 'error',
    })
    // A copy: WalletConnect may change what it is given without touching the app's options.
    expect(started.metadata.icons).not.toBe(METADATA.icons)
    expect(started.core).toMatchObject({
      projectId: 'project-1',
      relayUrl: 'ws://127.0.0.1:4444',
      // WalletConnect's own form of the prefix, under which a stored session keeps its records.
      customStoragePrefix: ':shop',
    })
    await started.storage.setItem('wc@2:client:0.3:session', [])
    expect(storage.getItem('@shop/wc/wc@2:client:0.3:session')).toBe('[]')
    expect(started.core.storage).toBe(started.storage)
  })

  it('gives each start a core of its own', async () => {
    const first = await start()
    const second = await start()
    expect(second.started.core).not.toBe(first.started.core)
    expect(global._walletConnectCore_shop).toBeUndefined()
  })

  /** The iframes WalletConnect's verify step puts on the page while the pairing is registered. */
  async function verifyFrames(relayUrl: string) {
    const { started } = await start(relayUrl)
    const frames: string[] = []
    vi.spyOn(document.body, 'appendChild').mockImplementation((node) => {
      frames.push((node as HTMLIFrameElement).src)
      // Not loaded: the page reports the frame as failed, and WalletConnect gives up on it.
      queueMicrotask(() => node.dispatchEvent(new Event('error')))
      return node
    })
    vi.spyOn(document.body, 'removeChild').mockImplementation((node) => node)
    const attestation = await onWebPage(() =>
      started.core.verify.register({ id: '1', decryptedId: '2' }),
    )
    return { frames, attestation }
  }

  it.each(['wss://relay.walletconnect.org', 'wss://relay.walletconnect.com'])(
    "next to the hosted relay (%s), the page's origin is attested by WalletConnect's verify service",
    async (relayUrl) => {
      const { frames } = await verifyFrames(relayUrl)
      expect(frames).toHaveLength(1)
      expect(frames[0]).toMatch(/^https:\/\/verify\.walletconnect\.org\/.*projectId=project-1/)
    },
  )

  it.each([
    'ws://127.0.0.1:4444',
    'wss://relay.example.com',
    'wss://walletconnect.org.example.com',
    'not a url',
  ])('next to a relay of its own (%s) nothing waits on the verify service', async (relayUrl) => {
    const { frames, attestation } = await verifyFrames(relayUrl)
    expect(frames).toEqual([])
    expect(attestation).toBe('')
  })
})
