// A minimal Wallet Standard app for the Devnet Bitcoin Wallet's browser test: it finds wallets
// the way an SDK does (`getWallets()` from @wallet-standard/app) and exposes the calls the test
// drives through `window.bitcoinApp`.
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'

type Features = Record<string, Record<string, (...args: never[]) => Promise<unknown>> & object>

const wallets = getWallets()
const find = (): Wallet & { features: Features } => {
  const wallet = wallets.get().find((w) => w.name === 'Devnet Bitcoin Wallet')
  if (!wallet) throw new Error('Devnet Bitcoin Wallet not found')
  return wallet as Wallet & { features: Features }
}
function call<T>(feature: string, method: string, ...args: unknown[]): Promise<T> {
  const fn = find().features[feature]?.[method] as ((...a: unknown[]) => Promise<T>) | undefined
  if (!fn) throw new Error(`no ${feature} ${method}`)
  return fn(...args)
}
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const errorOf = (error: unknown) => ({
  name: (error as Error).name,
  message: (error as Error).message,
  code: (error as { code?: number }).code,
})

type Provider = { request(method: string, params?: unknown): Promise<unknown> }
const satsProvider = () =>
  (find().features['sats-connect:'] as unknown as { provider: Provider }).provider

const app = {
  names: () => wallets.get().map((w) => w.name),
  chains: () => [...find().chains],
  features: () => Object.keys(find().features),
  accounts: () => find().accounts.map((a) => ({ address: a.address, label: a.label })),
  async connect(silent = false) {
    const { accounts } = await call<{ accounts: { address: string }[] }>(
      'standard:connect',
      'connect',
      { silent },
    )
    return accounts.map((a) => a.address)
  },
  async connectPurposes(purposes: string[]) {
    const { accounts } = await call<{ accounts: { address: string }[] }>(
      'bitcoin:connect',
      'connect',
      { purposes },
    )
    return accounts.map((a) => a.address)
  },
  async signMessage(message: string) {
    const account = find().accounts[0]
    try {
      const [output] = await call<{ signature: Uint8Array }[]>(
        'bitcoin:signMessage',
        'signMessage',
        {
          account,
          message: new TextEncoder().encode(message),
        },
      )
      return {
        address: account?.address,
        signature: toBase64(output?.signature ?? new Uint8Array()),
      }
    } catch (error) {
      return { error: errorOf(error) }
    }
  },
  async sendTransfer(address: string, amount: number) {
    try {
      return await call<{ txid: string }>('bitcoin:sendTransfer', 'sendTransfer', {
        recipients: [{ address, amount }],
      })
    } catch (error) {
      return { error: errorOf(error) }
    }
  },
  disconnect: () => call('standard:disconnect', 'disconnect'),
  sats: (method: string, params?: unknown) => satsProvider().request(method, params),
  btcProviders: () =>
    (
      (window as unknown as { btc_providers?: { id: string; name: string }[] }).btc_providers ?? []
    ).map((p) => ({ id: p.id, name: p.name })),
  samePortalProvider: () =>
    (window as unknown as { PorticoDevnetProviders?: { BitcoinProvider?: Provider } })
      .PorticoDevnetProviders?.BitcoinProvider === satsProvider(),
}

;(window as unknown as { bitcoinApp: typeof app }).bitcoinApp = app
