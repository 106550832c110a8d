import { afterEach, describe, expect, it } from 'vitest'
import type { PorticoOptions } from '../client/index.js'
import { farcasterFeature } from '../farcaster/index.js'
import type { PorticoNetwork } from '../options/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { createFakeWallet, TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { createInspectablePortico } from '../test-utils/portico.js'

// The account view an app shows: assembled from the connection, the network's explorer, the
// profile and the Farcaster link. The wallet and the identity service are the edge of the world.

const ACCOUNT = TEST_ACCOUNTS[0]
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The identity service: a name and an avatar for every address. */
const identityFetch: typeof fetch = async (input) => {
  const url = new URL(String(input))
  if (url.pathname.startsWith('/v1/identity/')) {
    return Response.json({ name: 'alice.eth', avatar: 'https://img.test/alice.png' })
  }
  return Response.json({ error: 'not here' }, { status: 404 })
}

function setup(options: Partial<PorticoOptions> = {}, chainId = 31337) {
  const wallet = createFakeWallet({ chainId })
  const inspected = createInspectablePortico({
    projectId: 'p',
    networks: TEST_NETWORKS,
    storage: 'memory',
    logLevel: 'silent',
    fetch: identityFetch,
    connectors: [{ id: 'fake', name: 'Fake', provider: wallet.provider }],
    ...options,
  })
  cleanups.push(() => inspected.client.destroy())
  return {
    ...inspected,
    connect: () => inspected.client.connection.connect({ connectorId: 'fake' }),
  }
}

describe('the account', () => {
  it('is the empty, disconnected account before any wallet connects', () => {
    const { client } = setup()
    expect(client.account.$account.get()).toEqual({ status: 'disconnected', allAccounts: [] })
    expect(client.account.$accounts.get()).toEqual({})
  })

  it('shows the connected wallet, its address and its explorer page', async () => {
    const { client, connect } = setup()
    await connect()
    const account = client.account.$account.get()
    expect(account).toMatchObject({
      status: 'connected',
      address: ACCOUNT,
      caipAddress: `eip155:31337:${ACCOUNT}`,
      allAccounts: expect.arrayContaining([expect.objectContaining({ address: ACCOUNT })]),
      connectedWalletInfo: expect.objectContaining({ name: 'Fake' }),
      addressExplorerUrl: `https://devscan.test/address/${ACCOUNT}`,
    })
    // The same account, under its namespace.
    expect(client.account.$accounts.get()).toEqual({ eip155: account })
  })

  it('links the explorer without doubling the slash of an explorer URL ending in one', async () => {
    const networks = [
      { ...TEST_NETWORKS[0], blockExplorers: [{ name: 'Devscan', url: 'https://devscan.test//' }] },
    ] as const satisfies readonly PorticoNetwork[]
    const { client, connect } = setup({ networks })
    await connect()
    expect(client.account.$account.get().addressExplorerUrl).toBe(
      `https://devscan.test/address/${ACCOUNT}`,
    )
  })

  it('has no explorer link on a network without an explorer', async () => {
    const { client, connect } = setup({ defaultNetwork: 'eip155:31338' }, 31338)
    await connect()
    expect(client.account.$account.get()).toMatchObject({ status: 'connected', address: ACCOUNT })
    expect(client.account.$account.get().addressExplorerUrl).toBeUndefined()
  })

  it('has no explorer link for a wallet on a chain the app does not list', async () => {
    const { client, connect } = setup({}, 31339)
    await connect()
    expect(client.account.$account.get()).toMatchObject({ status: 'connected', address: ACCOUNT })
    expect(client.account.$account.get().addressExplorerUrl).toBeUndefined()
  })

  it('shows the profile name and avatar once they are read', async () => {
    const { client, connect } = setup()
    await connect()
    await client.identity.fetchIdentity(ACCOUNT)
    expect(client.account.$account.get()).toMatchObject({
      profileName: 'alice.eth',
      profileImage: 'https://img.test/alice.png',
    })
  })

  it('carries the Farcaster link, connected or not', async () => {
    const { client, use, connect } = setup()
    use(farcasterFeature).setUrl('https://farcaster.xyz/~/siwf?x=1')
    expect(client.account.$account.get()).toEqual({
      status: 'disconnected',
      allAccounts: [],
      farcasterUrl: 'https://farcaster.xyz/~/siwf?x=1',
    })
    await connect()
    expect(client.account.$account.get()).toMatchObject({
      status: 'connected',
      farcasterUrl: 'https://farcaster.xyz/~/siwf?x=1',
    })
  })

  it('is empty again after the wallet disconnects', async () => {
    const { client, connect } = setup()
    await connect()
    await client.connection.disconnect()
    expect(client.account.$account.get()).toMatchObject({ status: 'disconnected' })
    expect(client.account.$account.get().address).toBeUndefined()
    expect(client.account.$account.get().addressExplorerUrl).toBeUndefined()
  })
})
