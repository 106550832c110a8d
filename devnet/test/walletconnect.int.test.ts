import {
  createPublicClient,
  http,
  numberToHex,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { toViemChain } from '../src/chains/evm/viemChain.js'
import {
  type CreateDevnetWalletConnectWalletOptions,
  createDevnetWalletConnectWallet,
  createMemoryStorage,
  type Devnet,
  type DevnetWalletConnectWallet,
  startDevnet,
} from '../src/index.js'
import {
  closeDapp,
  connectDapp,
  createDapp,
  DAPP_METHODS,
  type Dapp,
  nextEvent,
} from './mobile-wallet-dapp.js'

let devnet: Devnet
const dapps: Dapp[] = []
const wallets: DevnetWalletConnectWallet[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, relay: 0, chains: [0, 0, 0] } })
})

afterAll(async () => {
  await devnet?.stop()
})

afterEach(async () => {
  await Promise.all([...dapps.splice(0).map(closeDapp), ...wallets.splice(0).map((w) => w.close())])
})

async function dapp(): Promise<Dapp> {
  const provider = await createDapp(devnet)
  dapps.push(provider)
  return provider
}

async function wallet(options: Partial<CreateDevnetWalletConnectWalletOptions> = {}) {
  const created = await createDevnetWalletConnectWallet({
    relayUrl: devnet.relayUrl,
    chains: [...devnet.chains, devnet.unlistedChain],
    logLevel: process.env.WCLOG ?? 'silent',
    ...options,
  })
  wallets.push(created)
  return created
}

const connect = (provider: Dapp) => connectDapp(provider, devnet)
const next = nextEvent
const METHODS = DAPP_METHODS

const publicClient = () => {
  const chain = devnet.chains[0] as Devnet['chains'][number]
  return createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
}

describe('WalletConnect through the devnet relay', () => {
  it('pairs a universal provider with the node wallet: sign, send, disconnect', async () => {
    const provider = await dapp()
    const { uri, session } = connect(provider)
    const phone = await wallet()
    const address = phone.address()

    const proposal = await phone.pair(await uri)
    expect(proposal).toMatchObject({
      proposer: { name: 'Portico test dapp', url: 'http://127.0.0.1:5173' },
      requestedChains: ['eip155:31337'],
      chains: ['eip155:31337'],
      methods: METHODS,
      status: 'pending',
    })
    const [approved, settled] = await Promise.all([proposal.approve(), session])
    expect(approved.accounts).toEqual([`eip155:31337:${address}`])
    expect(settled?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${address}`])
    expect(settled?.namespaces.eip155?.methods).toEqual(METHODS)
    expect(phone.session()?.topic).toBe(settled?.topic)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])

    // personal_sign: the request waits in the wallet until it is approved.
    const signed = provider.request<`0x${string}`>(
      { method: 'personal_sign', params: [toHex('Sign in to Portico'), address] },
      'eip155:31337',
    )
    const signRequest = await phone.nextRequest()
    expect(signRequest).toMatchObject({
      method: 'personal_sign',
      chainId: 'eip155:31337',
      peer: { name: 'Portico test dapp' },
      status: 'pending',
    })
    expect(phone.pendingRequests()).toEqual([signRequest])
    await signRequest.approve()
    const signature = await signed
    expect(await verifyMessage({ address, message: 'Sign in to Portico', signature })).toBe(true)

    // Rejected: the dapp gets 4001.
    const refused = provider.request(
      { method: 'personal_sign', params: [toHex('no'), address] },
      'eip155:31337',
    )
    const rejected = expect(refused).rejects.toMatchObject({ code: 4001 })
    await (await phone.nextRequest()).reject()
    await rejected

    // eth_signTypedData_v4
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      message: { text: 'gm' },
    } as const
    const typed = provider.request<`0x${string}`>(
      { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] },
      'eip155:31337',
    )
    await (await phone.nextRequest()).approve()
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address,
        domain: typedData.domain,
        types,
        primaryType: 'Greeting',
        message: typedData.message,
        signature: await typed,
      }),
    ).toBe(true)

    // eth_sendTransaction: mined on anvil.
    const recipient = devnet.accounts[3]?.address as `0x${string}`
    const before = await publicClient().getBalance({ address: recipient })
    const sent = provider.request<`0x${string}`>(
      {
        method: 'eth_sendTransaction',
        params: [{ from: address, to: recipient, value: numberToHex(parseEther('0.25')) }],
      },
      'eip155:31337',
    )
    const sendRequest = await phone.nextRequest()
    expect(sendRequest.method).toBe('eth_sendTransaction')
    const hash = await sendRequest.approve()
    expect(await sent).toBe(hash)
    const receipt = await publicClient().waitForTransactionReceipt({ hash: await sent })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await publicClient().getBalance({ address: recipient })).toBe(
      before + parseEther('0.25'),
    )

    // The wallet ends the session: the dapp hears session_delete and disconnect.
    const deleted = next(provider, 'session_delete')
    const disconnected = next(provider, 'disconnect')
    await phone.disconnect()
    expect(await deleted).toMatchObject({ topic: settled?.topic })
    await disconnected
    expect(provider.session).toBeUndefined()
    expect(phone.session()).toBeUndefined()
  })

  it('switches chains, changes accounts, and approves by itself with autoApprove', async () => {
    const provider = await dapp()
    const { uri, session } = connect(provider)
    const phone = await wallet({ autoApprove: true, accountIndex: 1 })
    const address = devnet.accounts[1]?.address
    const [connected] = await Promise.all([phone.connect(await uri), session])
    expect(connected.accounts).toEqual([`eip155:31337:${address}`])

    const signature = await provider.request<`0x${string}`>(
      { method: 'personal_sign', params: [toHex('auto'), address] },
      'eip155:31337',
    )
    expect(
      await verifyMessage({ address: address as `0x${string}`, message: 'auto', signature }),
    ).toBe(true)

    // A chain the session does not have yet but the wallet knows: added, then switched to.
    const chainChanged = next(provider, 'chainChanged')
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(31339) }],
    })
    expect(Number(await chainChanged)).toBe(31339)
    expect(provider.session?.namespaces.eip155?.chains).toContain('eip155:31339')
    // A chain it does not know: 4902.
    await expect(
      provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: numberToHex(1) }],
      }),
    ).rejects.toThrow()

    // Another account: the session is updated and the dapp hears accountsChanged.
    const accountsChanged = next(provider, 'accountsChanged')
    await phone.selectAccount(2)
    expect(await accountsChanged).toEqual([devnet.accounts[2]?.address])
    expect(provider.session?.namespaces.eip155?.accounts).toContain(
      `eip155:31337:${devnet.accounts[2]?.address}`,
    )
    const again = next(provider, 'accountsChanged')
    await phone.emitAccountsChanged()
    expect(await again).toEqual([devnet.accounts[2]?.address])
  })

  it('delivers a session delete sent while the dapp was away once it comes back', async () => {
    const storage = createMemoryStorage()
    const prefix = `reload-${process.pid}`
    const before = await createDapp(devnet, {}, { storage, prefix })
    dapps.push(before)
    const { uri, session } = connect(before)
    const phone = await wallet({ autoApprove: true })
    const [, settled] = await Promise.all([phone.connect(await uri), session])
    // The page closes; the wallet ends the session meanwhile: the relay keeps the message.
    await closeDapp(before)
    await phone.disconnect()
    expect(devnet.relay.messages(settled?.topic ?? '').length).toBeGreaterThan(0)

    // What the reloaded page restores from: the session is still in its storage.
    expect(JSON.stringify(await storage.getEntries())).toContain(settled?.topic)

    const after = await createDapp(devnet, {}, { storage, prefix })
    dapps.push(after)
    // The delete may be handled while init() runs, so the outcome is checked, not the event.
    await vi.waitFor(() => expect(after.client.session.getAll()).toEqual([]))
    expect(after.session).toBeUndefined()
  })

  it('fails pair() when no proposal comes with the URI, and close() ends every wait', async () => {
    const phone = await wallet({ proposalTimeoutMs: 100 })
    const expiry = Math.floor(Date.now() / 1000) + 300
    const stale = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}&expiryTimestamp=${expiry}`
    await expect(phone.pair(stale)).rejects.toThrow(/may have expired/)
    await expect(phone.pair('https://example.test')).rejects.toThrow()

    const waiting = expect(phone.nextRequest()).rejects.toThrow('the wallet is closed')
    await phone.close()
    await waiting
    await expect(phone.nextProposal()).rejects.toThrow('the wallet is closed')
  })

  it('leaves no socket open once both sides are closed', async () => {
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap')
    const before = sockets().length
    const provider = await dapp()
    const { uri, session } = connect(provider)
    const phone = await wallet({ autoApprove: true })
    await Promise.all([phone.connect(await uri), session])
    expect(devnet.relay.stats().connections).toBe(2)

    await Promise.all([
      ...dapps.splice(0).map(closeDapp),
      ...wallets.splice(0).map((w) => w.close()),
    ])
    await vi.waitFor(() => expect(devnet.relay.stats().connections).toBe(0))
    expect(devnet.relay.stats().subscriptions).toBe(0)
    // No client socket of this process is left either (the relay's end closed above).
    await vi.waitFor(() => expect(sockets().length).toBeLessThanOrEqual(before))
    // Closing twice is harmless.
    await phone.close()
  })
})
