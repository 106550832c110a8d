import {
  createMemoryStorage,
  isPorticoError,
  type PorticoClient,
  type StorageAdapter,
} from '@portico/core'
import { buildClient, connectionFeature, FEATURES } from '@portico/core/test-seams'
import {
  createDevnetWalletConnectWallet,
  type Devnet,
  DevnetGuestbook,
  type DevnetWalletConnectWallet,
  startDevnet,
} from '@portico/devnet'
import { createPublicClient, decodeFunctionData, http, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let devnet: Devnet
let wallet: DevnetWalletConnectWallet
let refuseRequests = false
const storage: StorageAdapter = createMemoryStorage()
const clients: PorticoClient[] = []
let use: ReturnType<typeof buildClient<typeof FEATURES>>['use']
const storedConnector = () => storage.getItem('@portico/connected_connector_id:eip155')

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  wallet = await createDevnetWalletConnectWallet({
    relayUrl: devnet.relayUrl,
    chains: devnet.chains,
    // The phone's user approves every request, unless a test has them refuse.
    onRequest: () => (refuseRequests ? 'reject' : 'approve'),
    autoApprove: true,
  })
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.destroy()
  await wallet?.close()
  await devnet?.stop()
})

function client() {
  const built = buildClient(FEATURES, {
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl, relay: devnet.relayUrl },
    storage,
    logLevel: 'silent',
    metadata: {
      name: 'Portico test',
      description: 'integration',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  use = built.use
  clients.push(built.client)
  return built.client
}

/** Resolves with the first value of a store that passes `test`. */
function until<T>(
  store: { get(): T; subscribe(cb: (v: T) => void): () => void },
  test: (v: T) => boolean,
) {
  return new Promise<T>((resolve) => {
    const stop = store.subscribe((value) => {
      if (test(value)) {
        queueMicrotask(() => stop())
        resolve(value)
      }
    })
  })
}

describe('WalletConnect through the devnet relay', () => {
  let portico: PorticoClient

  it('pairs with a wallet-side sign client and sees its account', async () => {
    portico = client()
    const pairing = portico.walletConnect.startPairing()
    expect(portico.walletConnect.$status.get()).toBe('connecting')
    const uri = await until(portico.walletConnect.$wcUri, (v) => typeof v === 'string')
    expect(uri).toMatch(/^wc:/)
    expect(portico.walletConnect.$wcPairingExpiry.get()).toBeGreaterThan(Date.now())
    await wallet.connect(uri!)
    const connected = await pairing
    expect(connected?.address).toBe(wallet.address())
    expect(portico.account.$account.get()).toMatchObject({
      status: 'connected',
      address: wallet.address(),
    })
    expect(portico.walletConnect.$status.get()).toBe('connected')
    expect(portico.walletConnect.$connectedVia.get()).toBe('qrcode')
    expect(portico.walletConnect.$wcUri.get()).toBeUndefined()
  })

  it('asks only for the methods of spec §6', () => {
    const session = wallet.session()!
    expect(session.methods).toContain('personal_sign')
    expect(session.methods).toContain('wallet_getAssets')
    expect(session.methods).not.toContain('eth_sign_v5')
    expect(session.methods).toHaveLength(23)
  })

  it('gets a personal_sign signature that verifies', async () => {
    const active = use(connectionFeature).getActive('eip155')!
    const address = wallet.address()
    const signature = await active.adapter.signing!.signMessage(
      active.connector,
      address,
      'hello from Portico',
    )
    expect(
      await verifyMessage({
        address,
        message: 'hello from Portico',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  it("takes the app's own contract call and typed data through the phone, mined from its account", async () => {
    const address = wallet.address()
    const guestbook = devnet.guestbook[31337]!
    const { hash, receipt } = await portico.wallet.writeContract({
      address: guestbook,
      abi: DevnetGuestbook.abi,
      functionName: 'sign',
      args: ['signed over WalletConnect'],
    })
    expect(receipt.status).toBe('success')
    const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const sent = await chain.getTransaction({ hash })
    expect(sent.from.toLowerCase()).toBe(address.toLowerCase())
    expect(decodeFunctionData({ abi: DevnetGuestbook.abi, data: sent.input })).toMatchObject({
      functionName: 'sign',
      args: ['signed over WalletConnect'],
    })
    const typedData = {
      domain: { name: 'Guestbook', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'over the relay' },
    } as const
    const signature = await portico.wallet.signTypedData(typedData)
    expect(await verifyTypedData({ address, signature, ...typedData })).toBe(true)
  })

  it("keeps the phone's refusal of the app's own call as USER_REJECTED with code 4001, nothing mined", async () => {
    const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const before = await chain.getTransactionCount({ address: wallet.address() })
    refuseRequests = true
    try {
      const error = await portico.wallet
        .writeContract({
          address: devnet.guestbook[31337]!,
          abi: DevnetGuestbook.abi,
          functionName: 'sign',
          args: ['refused on the phone'],
        })
        .catch((e: unknown) => e)
      expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
      expect(error).toMatchObject({ details: { code: 4001 } })
      const provider = await portico.wallet.getProvider()
      await expect(
        provider.request({ method: 'personal_sign', params: ['0x6e6f', wallet.address()] }),
      ).rejects.toMatchObject({ code: 4001 })
    } finally {
      refuseRequests = false
    }
    expect(await chain.getTransactionCount({ address: wallet.address() })).toBe(before)
  })

  it('restores the session after a reload without a new URI', async () => {
    portico.destroy()
    portico = client()
    await portico.connection.reconnect()
    expect(portico.account.$account.get()).toMatchObject({
      status: 'connected',
      address: wallet.address(),
    })
    expect(portico.walletConnect.$wcUri.get()).toBeUndefined()
  })

  it('ends in disconnected when the session was deleted while the page was closed', async () => {
    portico.destroy()
    await wallet.disconnect()
    portico = client()
    const statuses: string[] = []
    const stop = portico.account.$account.subscribe((a) => statuses.push(a.status))
    await portico.connection.reconnect()
    await until(portico.account.$account, (a) => a.status === 'disconnected')
    stop()
    expect(statuses.at(-1)).toBe('disconnected')
    expect(storedConnector()).toBeNull()
  })

  it('pairs again and goes to disconnected when the wallet ends the session', async () => {
    const pairing = portico.walletConnect.startPairing()
    const uri = await until(portico.walletConnect.$wcUri, (v) => typeof v === 'string')
    await wallet.connect(uri!)
    await pairing
    expect(portico.account.$account.get().status).toBe('connected')
    await wallet.disconnect()
    await until(portico.account.$account, (a) => a.status === 'disconnected')
    expect(storedConnector()).toBeNull()
    expect(portico.walletConnect.$status.get()).toBe('disconnected')
  })
})
