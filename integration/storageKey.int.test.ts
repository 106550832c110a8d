import { createPortico, type PorticoClient, type StorageAdapter } from '@portico/core'
import {
  createDevnetWalletConnectWallet,
  type Devnet,
  type DevnetWalletConnectWallet,
  startDevnet,
} from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Two Portico clients on one page, one storage, different storage keys: each keeps its own
// connection, WalletConnect session included, against the devnet's real relay.

let devnet: Devnet
let wallet: DevnetWalletConnectWallet
const clients: PorticoClient[] = []
const stored = new Map<string, string>()
const storage: StorageAdapter = {
  getItem: (key) => stored.get(key) ?? null,
  setItem: (key, value) => void stored.set(key, value),
  removeItem: (key) => void stored.delete(key),
}

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  wallet = await createDevnetWalletConnectWallet({
    relayUrl: devnet.relayUrl,
    chains: devnet.chains,
    autoApprove: true,
  })
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.destroy()
  await wallet?.close()
  await devnet?.stop()
})

function client(storageKey: string) {
  const portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl, relay: devnet.relayUrl },
    storage,
    storageKey,
    logLevel: 'silent',
    metadata: {
      name: 'Portico test',
      description: 'storage keys',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  clients.push(portico)
  return portico
}

/** Resolves with the first value of a store that passes `test`, or fails after 15 s. */
function until<T>(
  store: { get(): T; subscribe(cb: (v: T) => void): () => void },
  test: (v: T) => boolean,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('store never got there in 15 s')), 15_000)
    const stop = store.subscribe((value) => {
      if (test(value)) {
        clearTimeout(timer)
        queueMicrotask(() => stop())
        resolve(value)
      }
    })
  })
}

describe('storage keys keep two clients apart, WalletConnect included', () => {
  it("one client's WalletConnect session is not the other's", async () => {
    const shop = client('shop')
    const pairing = shop.walletConnect.startPairing()
    const uri = await until(shop.walletConnect.$wcUri, (v) => typeof v === 'string')
    await wallet.connect(uri!)
    await pairing
    expect(shop.account.$account.get()).toMatchObject({
      status: 'connected',
      address: wallet.address(),
    })
    const keys = [...stored.keys()]
    expect(keys.some((key) => key.startsWith('@shop/wc/'))).toBe(true)
    expect(keys.every((key) => key.startsWith('@shop/'))).toBe(true)

    // The other client starts a pairing of its own: a new URI, not the shop's session.
    const admin = client('admin')
    const adminPairing = admin.walletConnect.startPairing()
    const adminUri = await until(admin.walletConnect.$wcUri, (v) => typeof v === 'string')
    expect(adminUri).toMatch(/^wc:/)
    expect(adminUri).not.toBe(uri)
    expect(admin.account.$account.get().status).not.toBe('connected')
    expect(shop.account.$account.get().status).toBe('connected')
    admin.walletConnect.reset()
    admin.destroy()
    void adminPairing

    // A reload of the shop restores its session from its own keys.
    shop.destroy()
    const shopAgain = client('shop')
    await shopAgain.connection.reconnect()
    expect(shopAgain.account.$account.get()).toMatchObject({
      status: 'connected',
      address: wallet.address(),
    })
  })
})
