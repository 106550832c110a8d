import {
  createMemoryStorage,
  createPortico,
  type PorticoClient,
  type TokenBalance,
} from '@portico/core'
import { type Devnet, DevnetToken, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore, type DevnetWalletCore } from '@portico/devnet/wallet'
import { createPublicClient, formatEther, formatUnits, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The Devnet Wallet's core, handed to the SDK as an app-provided (EXTERNAL) connector: no DOM.
const WALLET_ID = 'devnet-wallet'
let devnet: Devnet
let wallet: DevnetWalletCore
let portico: PorticoClient

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  wallet = createDevnetWalletCore({
    chains: [...devnet.chains, devnet.unlistedChain],
    autoApprove: true,
  })
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    noReturnTransferTokens: [`eip155:31337:${devnet.tokens[31337]!.usdt}`],
    connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: wallet.provider }],
  })
  await portico.connection.connect({ connectorId: WALLET_ID })
}, 60_000)

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

const chain = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
const receiver = () => devnet.accounts[2]!.address

async function tokenBalance(token: 'usdc' | 'usdt', address: string) {
  const raw = await chain().readContract({
    address: devnet.tokens[31337]![token],
    abi: DevnetToken.abi,
    functionName: 'balanceOf',
    args: [address as `0x${string}`],
  })
  return formatUnits(raw as bigint, 6)
}

async function token(symbol: string): Promise<TokenBalance> {
  const tokens = await portico.balances.fetchTokenBalances({ forceUpdate: true })
  const found = tokens.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`no ${symbol} in ${tokens.map((t) => t.symbol)}`)
  return found
}

async function send(symbol: string, amount: string, to: string) {
  portico.send.setToken(await token(symbol))
  portico.send.setAmount(amount)
  portico.send.setReceiver(to)
  const prepared = await portico.send.preview()
  expect(prepared.fee.value).toBeGreaterThan(0n)
  return portico.send.send()
}

describe('sending with the SDK on a devnet', () => {
  it('sends the native token', async () => {
    const before = await chain().getBalance({ address: receiver() })
    await send('ETH', '1.5', receiver())
    expect(formatEther((await chain().getBalance({ address: receiver() })) - before)).toBe('1.5')
    expect(portico.send.$state.get()).toMatchObject({ amount: '', receiver: '' })
    expect(portico.send.$send.get()).toMatchObject({ status: 'success', isPending: false })
  })

  it('sends the USDC-like token (ERC-20 transfer)', async () => {
    const before = Number(await tokenBalance('usdc', receiver()))
    await send('USDC', '12.5', receiver())
    expect(Number(await tokenBalance('usdc', receiver()))).toBe(before + 12.5)
  })

  it('sends the USDT-like token with the no-return transfer ABI', async () => {
    const before = Number(await tokenBalance('usdt', receiver()))
    await send('USDT', '3', receiver())
    expect(Number(await tokenBalance('usdt', receiver()))).toBe(before + 3)
  })

  it('refreshes balances after a send, skipping the cache', async () => {
    const usdc = portico.account.$account.get().tokenBalance?.find((t) => t.symbol === 'USDC')
    expect(usdc?.quantity.numeric).toBe(await tokenBalance('usdc', devnet.accounts[0]!.address))
  })

  it('keeps the form when the chain would refuse the transfer', async () => {
    const usdc = await token('USDC')
    portico.send.setToken({ ...usdc, quantity: { ...usdc.quantity, numeric: '100000000' } })
    portico.send.setAmount('99999999')
    portico.send.setReceiver(receiver())
    portico.toast.hide() // the last send's success toast would delay this one by 150 ms
    await expect(portico.send.send()).rejects.toThrow(/would fail/)
    expect(portico.send.$state.get()).toMatchObject({ amount: '99999999' })
    expect(portico.send.$send.get().isPending).toBe(false)
    expect(portico.toast.$toast.get()).toMatchObject({ variant: 'error', open: true })
    portico.send.reset()
  })

  it('lists the three transfers in the history with their amounts', async () => {
    await portico.history.refresh()
    const items = portico.history.$history.get().data ?? []
    const sends = items.filter((t) => t.metadata.operationType === 'send')
    const summary = sends.slice(0, 3).map((t) => {
      const transfer = t.transfers[0]!
      return `${transfer.direction} ${transfer.quantity.numeric} ${transfer.fungible_info?.symbol}`
    })
    expect(summary).toEqual(['out 3 USDT', 'out 12.5 USDC', 'out 1.5 ETH'])
    expect(items.every((t) => t.metadata.chain === 'eip155:31337')).toBe(true)
  })

  it('hides a transaction that only moved a spam NFT', async () => {
    await devnet.plantSpamNft(devnet.accounts[0]!.address, 31337)
    // The list read just before is kept 30 s: the test knows the history changed.
    await portico.history.refresh({ force: true })
    expect(
      (portico.history.$history.get().data ?? []).some((t) => t.transfers.some((x) => x.nft_info)),
    ).toBe(false)
  })
})

describe('names with the SDK on a devnet', () => {
  it('registers a name the wallet signed for, then resolves and reverse-resolves it', async () => {
    const name = await portico.names.registerName('portico-dev')
    expect(name).toBe('portico-dev.reown.id')
    expect(portico.account.$account.get().profileName).toBe('portico-dev.reown.id')
    expect(await portico.names.resolveName('portico-dev.reown.id')).toBe(
      devnet.accounts[0]!.address,
    )
    const reverse = await portico.names.reverseLookup(devnet.accounts[0]!.address)
    expect(reverse.map((p) => p.name)).toContain('portico-dev.reown.id')
  })

  it('refuses a taken name and suggests free variants', async () => {
    devnet.names.register('taken-name.reown.id', devnet.accounts[3]!.address)
    await expect(portico.names.registerName('taken-name')).rejects.toThrow()
    expect(portico.names.$registration.get().status).toBe('error')
    const suggestions = await portico.names.suggestions('taken-name')
    expect(suggestions[0]).toEqual({ name: 'taken-name.reown.id', registered: true })
    expect(suggestions.slice(1).every((s) => !s.registered)).toBe(true)
  })

  it('refuses names against the rule before asking the wallet', async () => {
    for (const bad of ['abc', 'has space', 'emoji🙂', 'rtl\u200fmark']) {
      await expect(portico.names.registerName(bad)).rejects.toThrow(/at least 4 characters/)
    }
  })

  it('sends to a registered name', async () => {
    devnet.names.register('receiver-two.reown.id', receiver())
    const before = Number(await tokenBalance('usdc', receiver()))
    portico.send.setToken(await token('USDC'))
    portico.send.setAmount('1')
    portico.send.setReceiver('receiver-two.reown.id')
    await portico.send.preview()
    expect(portico.send.$state.get().resolved).toMatchObject({
      address: receiver(),
      name: 'receiver-two.reown.id',
    })
    await portico.send.send()
    expect(Number(await tokenBalance('usdc', receiver()))).toBe(before + 1)
  })
})
