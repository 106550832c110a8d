// @vitest-environment happy-dom
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { toViemChain } from '../src/chains/evm/viemChain.js'
import { type Devnet, startDevnet } from '../src/index.js'
import {
  type DevnetProvider,
  type DevnetWallet,
  type DevnetWalletChain,
  installDevnetWallet,
  WALLET_HOST_ID,
} from '../src/wallets/evm/index.js'
import { FREE_PORTS } from './helpers.js'

let devnet: Devnet
let chains: DevnetWalletChain[]
let wallet: DevnetWallet | undefined

beforeAll(async () => {
  devnet = await startDevnet({ ports: FREE_PORTS })
  chains = [...devnet.chains, devnet.unlistedChain].map(({ chainId, name, rpcUrl }) => ({
    chainId,
    name,
    rpcUrl,
  }))
})

afterAll(async () => {
  await devnet?.stop()
})

afterEach(() => {
  wallet?.uninstall()
  wallet = undefined
  localStorage.clear()
})

function install(options: { autoApprove?: boolean } = {}) {
  wallet = installDevnetWallet({ chains, ...options })
  return wallet
}

/** What a dapp does: ask for providers and collect the announcements. */
function discover() {
  const found: { info: Record<string, string>; provider: DevnetProvider }[] = []
  const listener = (event: Event) => found.push((event as CustomEvent).detail)
  window.addEventListener('eip6963:announceProvider', listener)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  window.removeEventListener('eip6963:announceProvider', listener)
  return found
}

function record(
  provider: DevnetProvider,
  event: 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect',
) {
  const seen: unknown[] = []
  provider.on(event, (payload: never) => seen.push(payload))
  return seen
}

function shadow() {
  const root = document.getElementById(WALLET_HOST_ID)?.shadowRoot
  if (!root) throw new Error('wallet UI not mounted')
  const button = (name: string) =>
    [...root.querySelectorAll('button')].find((b) => b.textContent === name)
  const select = (label: string) => {
    const labelElement = [...root.querySelectorAll('label')].find((l) =>
      l.textContent?.startsWith(label),
    )
    return labelElement?.querySelector('select') as HTMLSelectElement
  }
  return { root, button, select }
}

/** Resolves once the wallet shows a request (its Approve and Reject buttons). */
async function pendingPrompt() {
  const core = wallet?.core
  if (!core) throw new Error('no wallet installed')
  await new Promise<void>((resolve) => {
    if (core.snapshot().pending.length > 0) return resolve()
    const unsubscribe = core.subscribe(() => {
      if (core.snapshot().pending.length === 0) return
      unsubscribe()
      resolve()
    })
  })
  const prompt = shadow()
  expect((prompt.root.querySelector('.request') as HTMLElement).hidden).toBe(false)
  return prompt
}

const client = () => {
  const chain = devnet.chains[0] as Devnet['chains'][number]
  return createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
}

describe('Devnet Wallet', () => {
  it('announces itself over EIP-6963, on install and on every request', () => {
    const announced: unknown[] = []
    const listener = (event: Event) => announced.push((event as CustomEvent).detail)
    window.addEventListener('eip6963:announceProvider', listener)
    install()
    window.removeEventListener('eip6963:announceProvider', listener)
    expect(announced).toHaveLength(1)

    const [first] = discover()
    expect(first?.info).toEqual({
      uuid: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      name: 'Devnet Wallet',
      icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      rdns: 'dev.portico.devnet',
    })
    expect(Object.isFrozen(first?.info)).toBe(true)
    expect(discover()[0]?.provider).toBe(first?.provider)
  })

  it('connects with auto-approve, and eth_accounts stays empty until then', async () => {
    const { provider } = install({ autoApprove: true })
    const accountsChanged = record(provider, 'accountsChanged')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'net_version' })).toBe('31337')

    const accounts = await provider.request({ method: 'eth_requestAccounts' })
    expect(accounts).toEqual([devnet.accounts[0]?.address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual(accounts)
    expect(accountsChanged).toEqual([accounts])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toMatchObject([
      { parentCapability: 'eth_accounts' },
    ])
  })

  it('remembers the approval across a reload, and forgets it on wallet_revokePermissions', async () => {
    install({ autoApprove: true })
    await wallet?.provider.request({ method: 'eth_requestAccounts' })
    wallet?.uninstall()

    const { provider } = install()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([
      devnet.accounts[0]?.address,
    ])
    const accountsChanged = record(provider, 'accountsChanged')
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(accountsChanged).toEqual([[]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    wallet?.uninstall()
    expect(await install().provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('signs messages and typed data that viem verifies', async () => {
    const { provider } = install({ autoApprove: true })
    const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[]
    if (!address) throw new Error('no account')

    const message = 'Sign in to Portico\nNonce: 42'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [`0x${Buffer.from(message).toString('hex')}`, address],
    })) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Portico', chainId: 31337 },
      message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', contents: 'hello' },
    } as const
    const typedSignature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as `0x${string}`
    expect(
      await verifyTypedData({
        address,
        ...typedData,
        domain: { name: 'Portico', chainId: 31337n },
        signature: typedSignature,
      }),
    ).toBe(true)
  })

  it('refuses to sign before the site is connected', async () => {
    const { provider } = install({ autoApprove: true })
    await expect(
      provider.request({
        method: 'personal_sign',
        params: ['0x68690a', devnet.accounts[0]?.address],
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('signs a transaction locally and anvil mines it', async () => {
    const { provider } = install({ autoApprove: true })
    const [from] = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[]
    const to = privateKeyToAccount(generatePrivateKey()).address
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: `0x${parseEther('0.25').toString(16)}` }],
    })) as `0x${string}`
    const receipt = await client().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from?.toLowerCase())
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.25'))
    // Reads pass through to the current chain.
    expect(await provider.request({ method: 'eth_getBalance', params: [to, 'latest'] })).toBe(
      `0x${parseEther('0.25').toString(16)}`,
    )
  })

  it('refuses a transaction built for another chain than the selected one, like an extension', async () => {
    const { provider } = install({ autoApprove: true })
    const [from] = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[]
    const to = privateKeyToAccount(generatePrivateKey()).address
    await expect(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ chainId: '0x7a6a', from, to, value: '0x1' }],
      }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(await client().getBalance({ address: to })).toBe(0n)
  })

  it('switches chains with chainChanged, refuses unknown ones with 4902, and adds new ones', async () => {
    const { provider } = install({ autoApprove: true })
    const chainChanged = record(provider, 'chainChanged')
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    expect(chainChanged).toEqual(['0x7a6a'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // The unlisted chain is one the wallet knows.
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6b' }],
    })
    expect(chainChanged).toEqual(['0x7a6a', '0x7a6b'])

    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })

    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1', chainName: 'Elsewhere', rpcUrls: [devnet.chains[0]?.rpcUrl] }],
    })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    expect(chainChanged.at(-1)).toBe('0x1')
  })

  it('emits connect, and disconnect when the wallet side disconnects the site', async () => {
    const { provider, core } = install({ autoApprove: true })
    const connect = record(provider, 'connect')
    const disconnect = record(provider, 'disconnect')
    const accountsChanged = record(provider, 'accountsChanged')
    await provider.request({ method: 'eth_requestAccounts' })
    expect(connect).toEqual([{ chainId: '0x7a69' }])

    core.disconnectSite()
    expect(disconnect).toMatchObject([{ code: 4900 }])
    expect(accountsChanged.at(-1)).toEqual([])
    await provider.request({ method: 'eth_requestAccounts' })
    expect(connect).toHaveLength(2)
  })

  it('answers unsupported methods with 4200', async () => {
    const { provider } = install({ autoApprove: true })
    await expect(provider.request({ method: 'eth_mine_gold' })).rejects.toMatchObject({
      code: 4200,
    })
  })

  it('asks before connecting: Reject gives 4001, Approve connects', async () => {
    const { provider } = install()
    const rejected = provider.request({ method: 'eth_requestAccounts' })
    const prompt = await pendingPrompt()
    expect(prompt.root.querySelector('pre')?.textContent).toContain(devnet.accounts[0]?.address)
    prompt.button('Reject')?.click()
    await expect(rejected).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])

    // A second request while the prompt is open waits for the same answer.
    const approved = provider.request({ method: 'eth_requestAccounts' })
    const again = provider.request({ method: 'eth_requestAccounts' })
    const prompt2 = await pendingPrompt()
    expect(wallet?.core.snapshot().pending).toHaveLength(1)
    prompt2.button('Approve')?.click()
    expect(await approved).toEqual([devnet.accounts[0]?.address])
    expect(await again).toEqual([devnet.accounts[0]?.address])
  })

  it('shows request data as text, never as markup', async () => {
    install({ autoApprove: true })
    await wallet?.provider.request({ method: 'eth_requestAccounts' })
    wallet?.uninstall()
    const { provider } = install()
    const signing = provider.request({
      method: 'personal_sign',
      params: ['<img src=x onerror="alert(1)">', devnet.accounts[0]?.address],
    })
    const prompt = await pendingPrompt()
    expect(prompt.root.querySelector('img')).toBeNull()
    expect(prompt.root.querySelector('pre')?.textContent).toContain('<img src=x')
    prompt.button('Reject')?.click()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })

  it('shows a sign-in (EIP-4361) message as text, titled as a sign-in, with a domain check', async () => {
    const origin = 'http://127.0.0.1:5173'
    wallet = installDevnetWallet({ chains, origin, autoApprove: true })
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    wallet.uninstall()
    wallet = installDevnetWallet({ chains, origin })
    const address = devnet.accounts[0]?.address as `0x${string}`
    const siwe = (domain: string, uri: string) =>
      createSiweMessage({
        address,
        chainId: 31337,
        domain,
        uri,
        nonce: 'abcdefgh12345678',
        version: '1',
        statement: 'Sign in to the Portico example',
        issuedAt: new Date('2026-01-01T00:00:00Z'),
      })

    // viem's signMessage sends the text hex-encoded, as wallets receive it.
    const message = siwe('127.0.0.1:5173', `${origin}/`)
    const signing = wallet.provider.request({
      method: 'personal_sign',
      params: [toHex(message), address],
    }) as Promise<`0x${string}`>
    const prompt = await pendingPrompt()
    expect(prompt.root.querySelector('h2')?.textContent).toBe('Sign-in request')
    const shown = prompt.root.querySelector('pre')?.textContent ?? ''
    expect(shown).toContain('Sign in to: 127.0.0.1:5173\nSign-in network: eip155:31337')
    expect(shown).toContain(`Message:\n${message}`)
    expect(shown).not.toContain('Warning')
    prompt.button('Approve')?.click()
    expect(await verifyMessage({ address, message, signature: await signing })).toBe(true)

    const phishing = siwe('bank.example', 'https://bank.example/login')
    const refused = wallet.provider.request({
      method: 'personal_sign',
      params: [toHex(phishing), address],
    })
    const warned = await pendingPrompt()
    expect(warned.root.querySelector('pre')?.textContent).toContain(
      'Warning: this signs you in to bank.example, but the request comes from 127.0.0.1:5173',
    )
    warned.button('Reject')?.click()
    await expect(refused).rejects.toMatchObject({ code: 4001 })
  })

  it('lets the wallet side switch account and network', async () => {
    const { provider } = install({ autoApprove: true })
    await provider.request({ method: 'eth_requestAccounts' })
    const accountsChanged = record(provider, 'accountsChanged')
    const chainChanged = record(provider, 'chainChanged')
    const { button, select } = shadow()
    expect(button('Dev wallet')?.getAttribute('aria-expanded')).toBe('false')
    button('Dev wallet')?.click()
    expect(button('Dev wallet')?.getAttribute('aria-expanded')).toBe('true')

    const network = select('Network')
    expect([...network.options].map((o) => o.textContent)).toEqual([
      'Devnet (31337)',
      'Devnet L2 (31338)',
      'Devnet Unlisted (31339)',
    ])
    network.value = '31339'
    network.dispatchEvent(new Event('change'))
    expect(chainChanged).toEqual(['0x7a6b'])

    const account = select('Account')
    expect(account.options).toHaveLength(2)
    account.value = '1'
    account.dispatchEvent(new Event('change'))
    expect(accountsChanged).toEqual([[devnet.accounts[1]?.address]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([
      devnet.accounts[1]?.address,
    ])
  })
})
