import {
  createMemoryStorage,
  createPortico,
  isPorticoError,
  type PorticoClient,
  type PorticoProvider,
} from '@portico/core'
import { type Devnet, DevnetToken, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore, type DevnetWalletCore } from '@portico/devnet/wallet'
import {
  createPublicClient,
  decodeFunctionData,
  formatEther,
  http,
  parseEther,
  parseUnits,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The app's own calls through the connected wallet: the Devnet Wallet's core, handed to the SDK
// as an app-provided connector, asking the person (this test) to approve each request.
const WALLET_ID = 'devnet-wallet'
let devnet: Devnet
let wallet: DevnetWalletCore
let portico: PorticoClient

/** Decides the next request the wallet shows (approve or reject), as its person would. */
function decideNext(approved: boolean): Promise<string> {
  return new Promise((resolve) => {
    const look = () => {
      const [first] = wallet.snapshot().pending
      if (!first) return false
      stop()
      first.decide(approved)
      resolve(first.method)
      return true
    }
    const stop = wallet.subscribe(() => {
      look()
    })
    if (look()) return
  })
}

async function approved<T>(call: Promise<T>): Promise<T> {
  await decideNext(true)
  return call
}

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  wallet = createDevnetWalletCore({ chains: [...devnet.chains] })
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: wallet.provider }],
  })
}, 60_000)

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

const chain = (index = 0) => createPublicClient({ transport: http(devnet.chains[index]!.rpcUrl) })
const usdc = () => devnet.tokens[31337]!.usdc
const receiver = () => devnet.accounts[2]!.address

describe("the app's own calls through the connected wallet (Devnet Wallet)", () => {
  it('refuses every call while no wallet is connected, with NOT_CONNECTED (4900 on the provider)', async () => {
    await expect(portico.wallet.signMessage({ message: 'hi' })).rejects.toMatchObject({
      code: 'NOT_CONNECTED',
    })
    await expect(portico.wallet.getWalletClient()).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    const provider = await portico.wallet.getProvider()
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68', receiver()] }),
    ).rejects.toMatchObject({ code: 4900 })
    // Reads need no wallet: the app's own network answers them.
    const balance = await portico.wallet.readContract({
      address: usdc(),
      abi: DevnetToken.abi,
      functionName: 'balanceOf',
      args: [receiver()],
    })
    expect(typeof balance).toBe('bigint')
  })

  it('emits connect and accountsChanged on the provider when Portico connects', async () => {
    const provider = await portico.wallet.getProvider()
    const seen: unknown[] = []
    provider.on('connect', (info: never) => seen.push(['connect', info]))
    provider.on('accountsChanged', (accounts: never) => seen.push(['accountsChanged', accounts]))
    await approved(portico.connection.connect({ connectorId: WALLET_ID }))
    const address = wallet.snapshot().accounts[0]
    expect(seen).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [address]],
    ])
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([address])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
  })

  it('signs a message and typed data that viem verifies, from the connected account', async () => {
    const address = wallet.snapshot().accounts[0]!
    const signature = await approved(portico.wallet.signMessage({ message: 'Hello, guestbook' }))
    expect(
      await verifyMessage({
        address,
        message: 'Hello, guestbook',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)

    const typedData = {
      domain: { name: 'Guestbook', version: '1', chainId: 31337 },
      types: {
        Entry: [
          { name: 'text', type: 'string' },
          { name: 'tip', type: 'uint256' },
        ],
      },
      primaryType: 'Entry',
      message: { text: 'gm', tip: 5n },
    } as const
    const typed = await approved(portico.wallet.signTypedData(typedData))
    expect(await verifyTypedData({ address, signature: typed, ...typedData })).toBe(true)
  })

  it('keeps a refusal as USER_REJECTED with code 4001 (and 4001 on the provider)', async () => {
    const refused = portico.wallet.signMessage({ message: 'no' })
    expect(await decideNext(false)).toBe('personal_sign')
    const error = await refused.catch((e: unknown) => e)
    expect(isPorticoError(error, 'USER_REJECTED')).toBe(true)
    expect(error).toMatchObject({ details: { code: 4001 } })

    const provider = await portico.wallet.getProvider()
    const raw = provider.request({
      method: 'personal_sign',
      params: ['0x6e6f', wallet.snapshot().accounts[0]],
    })
    await decideNext(false)
    await expect(raw).rejects.toMatchObject({ code: 4001 })
  })

  it("mines the app's contract call from the connected account with its calldata, and refreshes the balance", async () => {
    const from = wallet.snapshot().accounts[0]!
    const before = (await chain().readContract({
      address: usdc(),
      abi: DevnetToken.abi,
      functionName: 'balanceOf',
      args: [receiver()],
    })) as bigint
    const { hash, receipt } = await approved(
      portico.wallet.writeContract({
        address: usdc(),
        abi: DevnetToken.abi,
        functionName: 'transfer',
        args: [receiver(), parseUnits('2.5', 6)],
      }),
    )
    expect(receipt.status).toBe('success')
    const sent = await chain().getTransaction({ hash })
    expect(sent.from.toLowerCase()).toBe(from.toLowerCase())
    expect(sent.to?.toLowerCase()).toBe(usdc().toLowerCase())
    expect(decodeFunctionData({ abi: DevnetToken.abi, data: sent.input })).toMatchObject({
      functionName: 'transfer',
      args: [receiver(), parseUnits('2.5', 6)],
    })
    const after = await portico.wallet.readContract({
      address: usdc(),
      abi: DevnetToken.abi,
      functionName: 'balanceOf',
      args: [receiver()],
    })
    expect(after - before).toBe(parseUnits('2.5', 6))
  })

  it('sends ETH and the native balance shows it without waiting out its cache', async () => {
    const seen: string[] = []
    const stop = portico.balances.$nativeBalance.subscribe((state) => {
      if (state.data) seen.push(state.data.balance)
    })
    await portico.balances.refreshNativeBalance({ force: true })
    const first = seen.at(-1)!
    const { receipt } = await approved(
      portico.wallet.sendTransaction({ to: receiver(), value: parseEther('1') }),
    )
    expect(receipt.status).toBe('success')
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).not.toBe(first)
    const spent = Number(first) - Number(seen.at(-1))
    expect(spent).toBeGreaterThan(1)
    expect(spent).toBeLessThan(1.01)
    stop()
  })

  it('refuses a call that would revert before the wallet sees it, naming the reason', async () => {
    const far = parseUnits('1000000000', 6)
    const error = await portico.wallet
      .writeContract({
        address: usdc(),
        abi: DevnetToken.abi,
        functionName: 'transfer',
        args: [receiver(), far],
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'WALLET_ERROR' })
    expect((error as Error).message).toMatch(/^This transaction would fail: /)
    expect(wallet.snapshot().pending).toEqual([])
  })

  it('gives a viem wallet client bound to the account, and refuses it once the account changed', async () => {
    const client = await portico.wallet.getWalletClient()
    expect(client.account.address).toBe(wallet.snapshot().accounts[0])
    expect(client.chain.id).toBe(31337)
    const hash = await approved(
      client.sendTransaction({ to: receiver(), value: parseEther('0.25') }),
    )
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')

    const provider = await portico.wallet.getProvider()
    const changed = new Promise((resolve) => provider.on('accountsChanged', resolve as never))
    wallet.selectAccount(1)
    expect(await changed).toEqual([wallet.snapshot().accounts[1]])
    await expect(client.signMessage({ message: 'still me?' })).rejects.toMatchObject({
      cause: { code: 4100 },
    })
    wallet.selectAccount(0)
    await expect.poll(() => portico.connection.$address.get()).toBe(wallet.snapshot().accounts[0])
  })

  it('switches the wallet to the chain a call asks for, then mines it there', async () => {
    const provider = await portico.wallet.getProvider()
    const chains: unknown[] = []
    provider.on('chainChanged', (id: never) => chains.push(id))
    const other = devnet.networks[1]!
    const otherId = Number(other.id.split(':')[1])
    const sent = portico.wallet.sendTransaction({
      to: receiver(),
      value: parseEther('0.1'),
      chainId: otherId,
    })
    // The Devnet Wallet switches to a chain it knows without asking; then the transaction.
    expect(await decideNext(true)).toBe('eth_sendTransaction')
    const { receipt } = await sent
    expect(receipt.status).toBe('success')
    expect(portico.connection.$connection.get().chainId).toBe(other.id)
    expect(chains).toEqual([`0x${otherId.toString(16)}`])
    expect(
      formatEther((await chain(1).getTransaction({ hash: receipt.transactionHash })).value),
    ).toBe('0.1')
  })

  it('rejects a call still waiting on the wallet when the user disconnects (ABORTED)', async () => {
    const waiting = portico.wallet.signMessage({ message: 'pending' }).catch((e: unknown) => e)
    await expect.poll(() => wallet.snapshot().pending.length).toBe(1)
    const provider: PorticoProvider = await portico.wallet.getProvider()
    const gone = new Promise((resolve) => provider.on('disconnect', resolve as never))
    await portico.connection.disconnect()
    expect(await waiting).toMatchObject({ code: 'ABORTED' })
    await expect(gone).resolves.toMatchObject({ code: 4900 })
    wallet.rejectPending()
  })
})

describe('a wallet on another chain, when the app refuses to switch', () => {
  it('refuses with CHAIN_MISMATCH and asks the wallet nothing', async () => {
    const strict = createPortico({
      projectId: 'devnet',
      networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
      apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
      storage: createMemoryStorage(),
      logLevel: 'silent',
      wallet: { wrongChain: 'refuse' },
      connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: wallet.provider }],
    })
    await approved(strict.connection.connect({ connectorId: WALLET_ID }))
    const on = strict.connection.$connection.get().chainId
    const elsewhere = devnet.networks.find((n) => n.id !== on && n.id.startsWith('eip155:'))!
    await expect(
      strict.wallet.sendTransaction({
        to: receiver(),
        value: 1n,
        chainId: Number(elsewhere.id.split(':')[1]),
      }),
    ).rejects.toMatchObject({ code: 'CHAIN_MISMATCH', details: { code: 4901 } })
    expect(wallet.snapshot().pending).toEqual([])
    strict.destroy()
  })
})
