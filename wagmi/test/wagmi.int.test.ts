import {
  type ConnectionState,
  createMemoryStorage,
  createPortico,
  type PorticoClient,
} from '@portico/core'
import { type Devnet, DevnetToken, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore, type DevnetWalletCore } from '@portico/devnet/wallet'
import {
  type Address,
  BaseError,
  createPublicClient,
  formatUnits,
  http,
  parseEther,
  UserRejectedRequestError,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from 'wagmi'
import {
  connect,
  disconnect,
  getConnection,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  verifyMessage,
  waitForTransactionReceipt,
  watchConnection,
  writeContract,
} from 'wagmi/actions'
import { createPorticoWagmiConfig } from '../src/index.js'

// The Devnet Wallet's core, handed to Portico as an app-provided connector (no DOM); the person
// using Portico's modal is played by `pickInModal`, which does what a click on the wallet does.
const WALLET_ID = 'devnet-wallet'
const DEADLINE_MS = 15_000
let devnet: Devnet
let wallet: DevnetWalletCore
// What the page keeps across a reload.
const pageStorage = createMemoryStorage()
const clients: PorticoClient[] = []

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0] } })
  wallet = createDevnetWalletCore({ chains: devnet.chains, autoApprove: true })
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.destroy()
  await devnet?.stop()
})

function portico(
  connectors = [{ id: WALLET_ID, name: 'Devnet Wallet', provider: wallet.provider }],
  storage = pageStorage,
) {
  const client = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage,
    logLevel: 'silent',
    connectors,
  })
  clients.push(client)
  return client
}

/** Resolves with `read()` once `ok` holds, checked on every change `subscribe` reports. */
function until<T>(
  subscribe: (changed: () => void) => () => void,
  read: () => T,
  ok: (value: T) => boolean,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let stop = () => {}
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`still ${JSON.stringify(read())} after ${DEADLINE_MS} ms`))
    }, DEADLINE_MS)
    const check = () => {
      const value = read()
      if (!ok(value)) return
      clearTimeout(timer)
      stop()
      resolve(value)
    }
    stop = subscribe(check)
    check()
  })
}

/** wagmi's account, once `ok` holds. */
const wagmiAccount = (config: Config, ok: (account: ReturnType<typeof getConnection>) => boolean) =>
  until(
    (changed) => watchConnection(config, { onChange: changed }),
    () => getConnection(config),
    ok,
  )

/** Portico's EVM connection, once `ok` holds. */
const porticoEvm = (client: PorticoClient, ok: (connection: ConnectionState) => boolean) =>
  until(
    (changed) => client.connection.$connections.listen(changed),
    (): ConnectionState =>
      client.connection.$connections.get().eip155 ?? { status: 'disconnected', allAccounts: [] },
    ok,
  )

/** The person picks `connectorId` in Portico's modal the next time it opens. */
function pickInModal(client: PorticoClient, connectorId: string) {
  const stop = client.modal.$open.listen((open) => {
    if (!open) return
    stop()
    void client.connection.connect({ connectorId }).catch(() => {})
  })
}

/** The person answers the wallet's next prompt. */
function answerNextPrompt(core: DevnetWalletCore, approve: boolean) {
  return until(
    core.subscribe,
    () => core.snapshot().pending[0],
    (pending) => pending !== undefined,
  ).then((pending) => pending!.decide(approve))
}

const account = (index: number) => devnet.accounts[index]!.address as Address
const chainIds = () => devnet.chains.map((c) => c.chainId)

describe('a wagmi app with Portico (@portico/wagmi) on a devnet', () => {
  let client: PorticoClient
  let config: Config

  beforeAll(() => {
    client = portico()
    config = createPorticoWagmiConfig({ client, pollingInterval: 100 })
  })

  it("derives wagmi's chains and transports from Portico's networks", () => {
    expect(config.chains.map((c) => c.id)).toEqual(chainIds())
    expect(config.chains[0]!.rpcUrls.default.http).toEqual([devnet.chains[0]!.rpcUrl])
    expect(config.connectors.map((c) => c.name)).toEqual(['Portico'])
  })

  it("connects through wagmi by opening Portico's modal", async () => {
    let shown: string | undefined
    const stop = client.modal.$open.listen((open) => {
      if (open) shown ??= client.modal.$view.get().view
    })
    pickInModal(client, WALLET_ID)
    const result = await connect(config, { connector: config.connectors[0]! })
    stop()
    expect(shown).toBe('Connect')
    expect(result).toEqual({ accounts: [account(0)], chainId: chainIds()[0] })
    expect(getConnection(config)).toMatchObject({
      status: 'connected',
      address: account(0),
      chainId: chainIds()[0],
    })
    expect(client.modal.$open.get()).toBe(false)
    expect(client.connection.$connections.get().eip155).toMatchObject({
      status: 'connected',
      address: account(0),
    })
  })

  it('follows an account switched in the wallet', async () => {
    wallet.selectAccount(1)
    await porticoEvm(client, (c) => c.address === account(1))
    const now = await wagmiAccount(config, (a) => a.address === account(1))
    expect(now).toMatchObject({ status: 'connected', addresses: [account(1)] })
  })

  it('follows a network switched in the wallet', async () => {
    wallet.selectChain(chainIds()[1]!)
    const now = await wagmiAccount(config, (a) => a.chainId === chainIds()[1])
    expect(now).toMatchObject({ status: 'connected', address: account(1) })
    expect(client.connection.$connections.get().eip155?.chainId).toBe(`eip155:${chainIds()[1]}`)
  })

  it("follows a network switched in Portico's modal", async () => {
    await client.connection.switchNetwork(devnet.networks[0]!)
    const now = await wagmiAccount(config, (a) => a.chainId === chainIds()[0])
    expect(now).toMatchObject({ status: 'connected', address: account(1) })
    expect(wallet.snapshot().chainId).toBe(chainIds()[0])
  })

  it("switches the wallet's network through wagmi's switchChain, and Portico shows it", async () => {
    for (const chainId of [chainIds()[1]!, chainIds()[0]!]) {
      const chain = await switchChain(config, { chainId })
      expect(chain.id).toBe(chainId)
      expect(wallet.snapshot().chainId).toBe(chainId)
      await porticoEvm(client, (c) => c.chainId === `eip155:${chainId}`)
      expect(getConnection(config).chainId).toBe(chainId)
    }
  })

  it('sends a transaction with wagmi from the account chosen in the wallet', async () => {
    const rpc = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const before = await rpc.getBalance({ address: account(3) })
    const hash = await sendTransaction(config, { to: account(3), value: parseEther('1.25') })
    const receipt = await waitForTransactionReceipt(config, { hash })
    expect(receipt).toMatchObject({ status: 'success', from: account(1).toLowerCase() })
    expect((await rpc.getBalance({ address: account(3) })) - before).toBe(parseEther('1.25'))
  })

  it("refreshes Portico's balance once a transaction sent through wagmi is mined", async () => {
    // Done by the core's provider (`client.wallet.getProvider`) that wagmi talks to.
    const shown = () => client.balances.$nativeBalance.get().data?.balance
    const changed = (listener: () => void) => client.balances.$nativeBalance.listen(listener)
    const stop = changed(() => {}) // on screen: Portico reads it
    const before = Number(await until(changed, shown, (b) => b !== undefined))
    const hash = await sendTransaction(config, { to: account(3), value: parseEther('2') })
    await waitForTransactionReceipt(config, { hash })
    await until(changed, shown, (b) => Number(b) <= before - 2)
    stop()
  })

  it('writes to a contract with wagmi (an ERC-20 transfer)', async () => {
    const token = devnet.tokens[chainIds()[0]!]!.usdc
    const rpc = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const balance = async () =>
      formatUnits(
        (await rpc.readContract({
          address: token,
          abi: DevnetToken.abi,
          functionName: 'balanceOf',
          args: [account(3)],
        })) as bigint,
        6,
      )
    const before = Number(await balance())
    const hash = await writeContract(config, {
      address: token,
      abi: DevnetToken.abi,
      functionName: 'transfer',
      args: [account(3), 2_500_000n],
    })
    expect(await waitForTransactionReceipt(config, { hash })).toMatchObject({ status: 'success' })
    expect(Number(await balance())).toBe(before + 2.5)
  })

  it('signs a message with wagmi that verifies for the account', async () => {
    const signature = await signMessage(config, { message: 'hello from wagmi' })
    expect(
      await verifyMessage(config, { address: account(1), message: 'hello from wagmi', signature }),
    ).toBe(true)
  })

  it("disconnects wagmi when the person disconnects in Portico's modal", async () => {
    await client.connection.disconnect()
    const now = await wagmiAccount(config, (a) => a.status === 'disconnected')
    expect(now.address).toBeUndefined()
  })

  it("connects wagmi when the person connects in Portico's modal", async () => {
    await client.connection.connect({ connectorId: WALLET_ID })
    const now = await wagmiAccount(config, (a) => a.status === 'connected')
    expect(now).toMatchObject({ address: account(1), chainId: chainIds()[0] })
  })

  it("disconnects Portico's EVM account with wagmi's disconnect", async () => {
    await disconnect(config)
    expect(getConnection(config).status).toBe('disconnected')
    expect(client.connection.$connections.get().eip155?.status ?? 'disconnected').toBe(
      'disconnected',
    )
  })

  it("rejects wagmi's connect with UserRejectedRequestError when the modal closes unconnected", async () => {
    const stop = client.modal.$open.listen((open) => {
      if (!open) return
      stop()
      client.modal.close()
    })
    const error = await connect(config, { connector: config.connectors[0]! }).catch((e) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(getConnection(config).status).toBe('disconnected')
    expect(client.connection.$connections.get().eip155?.status ?? 'disconnected').toBe(
      'disconnected',
    )
  })

  it("connects on the chain wagmi's connect asks for", async () => {
    pickInModal(client, WALLET_ID)
    const result = await connect(config, {
      connector: config.connectors[0]!,
      chainId: chainIds()[1]!,
    })
    expect(result.chainId).toBe(chainIds()[1])
    expect(wallet.snapshot().chainId).toBe(chainIds()[1])
    expect(client.connection.$connections.get().eip155?.chainId).toBe(`eip155:${chainIds()[1]}`)
    await switchChain(config, { chainId: chainIds()[0]! })
    await disconnect(config)
  })

  it("restores the connection after a reload with wagmi's reconnect", async () => {
    await client.connection.connect({ connectorId: WALLET_ID })
    await wagmiAccount(config, (a) => a.status === 'connected')
    client.destroy()
    // The reloaded page: a new Portico client on the same storage and a new wagmi config.
    const reloaded = portico()
    const reloadedConfig = createPorticoWagmiConfig({ client: reloaded })
    const restored = await reconnect(reloadedConfig)
    expect(restored.map((c) => c.accounts)).toEqual([[account(1)]])
    expect(getConnection(reloadedConfig)).toMatchObject({
      status: 'connected',
      address: account(1),
      chainId: chainIds()[0],
    })
    expect(reloaded.connection.$connections.get().eip155?.address).toBe(account(1))
  })
})

describe('a wallet that asks the person (no auto-approval)', () => {
  it("turns a refused signature or transaction into wagmi's UserRejectedRequestError", async () => {
    const asking = createDevnetWalletCore({ chains: devnet.chains, storageKey: 'asking-wallet' })
    const client = portico(
      [{ id: 'asking-wallet', name: 'Asking Wallet', provider: asking.provider }],
      createMemoryStorage(),
    )
    const config = createPorticoWagmiConfig({ client })
    pickInModal(client, 'asking-wallet')
    const approved = answerNextPrompt(asking, true)
    await connect(config, { connector: config.connectors[0]! })
    await approved
    expect(getConnection(config).address).toBe(account(0))

    const refused = answerNextPrompt(asking, false)
    const error = await signMessage(config, { message: 'no' }).catch((e) => e)
    await refused
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(getConnection(config).status).toBe('connected')

    const declined = answerNextPrompt(asking, false)
    const failed = await sendTransaction(config, { to: account(3), value: 1n }).catch((e) => e)
    await declined
    // viem wraps a transaction's error; the wallet's refusal is its cause, as with any connector.
    expect(failed).toBeInstanceOf(BaseError)
    expect((failed as BaseError).name).toBe('TransactionExecutionError')
    expect((failed as BaseError).walk((e) => e instanceof UserRejectedRequestError)).toBeInstanceOf(
      UserRejectedRequestError,
    )
  })
})
