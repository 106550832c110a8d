// @vitest-environment happy-dom
import { createMemoryStorage, createPortico, type PorticoClient } from '@portico/core'
import { type Devnet, DevnetToken, startDevnet } from '@portico/devnet'
import { type DevnetWallet, installDevnetWallet } from '@portico/devnet/wallet'
import {
  createPublicClient,
  createWalletClient,
  formatEther,
  formatUnits,
  http,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const RDNS = 'dev.portico.devnet'
let devnet: Devnet
let wallet: DevnetWallet
let clock = 1_700_000_000_000
const storage = createMemoryStorage()
const clients: PorticoClient[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
  wallet = installDevnetWallet({
    chains: [...devnet.chains, devnet.unlistedChain],
    autoApprove: true,
    container: false,
  })
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.destroy()
  wallet?.uninstall()
  await devnet?.stop()
})

function client() {
  const c = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage,
    logLevel: 'silent',
    now: () => clock,
  })
  clients.push(c)
  return c
}

const chain = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })

describe('connecting the Devnet Wallet on a real devnet', () => {
  let portico: PorticoClient

  it('connects and shows the balance the chain holds', async () => {
    portico = client()
    portico.connectors.startDiscovery()
    const { address, chainId } = await portico.connection.connect({ connectorId: RDNS })
    expect(address).toBe(devnet.accounts[0]!.address)
    expect(chainId).toBe('eip155:31337')
    const onChain = await chain().getBalance({ address: devnet.accounts[0]!.address })
    await expect.poll(() => portico.account.$account.get().balance).toBe(formatEther(onChain))
    expect(portico.account.$account.get().balanceSymbol).toBe('ETH')
  })

  it('lists token balances equal to the chain, without the 0-decimals token', async () => {
    const tokens = await portico.balances.fetchTokenBalances()
    const symbols = tokens.map((t) => t.symbol).sort()
    expect(symbols).toEqual(['ETH', 'PTK', 'USDC', 'USDT'])
    const usdc = tokens.find((t) => t.symbol === 'USDC')!
    const raw = await chain().readContract({
      address: devnet.tokens[31337]!.usdc,
      abi: DevnetToken.abi,
      functionName: 'balanceOf',
      args: [devnet.accounts[0]!.address],
    })
    expect(usdc.quantity.numeric).toBe(formatUnits(raw as bigint, 6))
    expect(usdc.quantity.decimals).toBe('6')
  })

  it('shows a transfer made outside the SDK once the 30 s cache expires', async () => {
    const before = (await portico.balances.fetchTokenBalances()).find((t) => t.symbol === 'USDC')!
    const sender = createWalletClient({
      account: privateKeyToAccount(devnet.accounts[0]!.privateKey),
      transport: http(devnet.chains[0]!.rpcUrl),
    })
    const hash = await sender.writeContract({
      chain: null,
      address: devnet.tokens[31337]!.usdc,
      abi: DevnetToken.abi,
      functionName: 'transfer',
      args: [devnet.accounts[2]!.address, parseUnits('250', 6)],
    })
    await chain().waitForTransactionReceipt({ hash })

    clock += 29_999
    const cached = (await portico.balances.fetchTokenBalances()).find((t) => t.symbol === 'USDC')!
    expect(cached.quantity.numeric).toBe(before.quantity.numeric)
    clock += 1
    const fresh = (await portico.balances.fetchTokenBalances()).find((t) => t.symbol === 'USDC')!
    expect(Number(fresh.quantity.numeric)).toBe(Number(before.quantity.numeric) - 250)
  })

  it('reconnects from storage without a prompt', async () => {
    // From now on every request would wait for a click: none may come.
    wallet.uninstall()
    wallet = installDevnetWallet({
      chains: [...devnet.chains, devnet.unlistedChain],
      autoApprove: false,
      container: false,
    })
    const reloaded = client()
    await reloaded.connection.reconnect()
    expect(reloaded.account.$account.get()).toMatchObject({
      status: 'connected',
      address: devnet.accounts[0]!.address,
    })
    expect(wallet.core.snapshot().pending).toEqual([])
    portico = reloaded
  })

  it('disconnect clears the stored connection', async () => {
    await portico.connection.disconnect()
    expect(portico.account.$account.get().status).toBe('disconnected')
    expect(storage.getItem('@portico/connected_connector_id:eip155')).toBeNull()
    expect(storage.getItem('@portico/connected_namespaces')).toBeNull()
    const next = client()
    await next.connection.reconnect()
    expect(next.account.$account.get().status).toBe('disconnected')
  })
})
