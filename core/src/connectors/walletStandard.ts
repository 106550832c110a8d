import type { ChainNamespace } from '../caip/index.js'
import { cleanDisplayText, isRecord, TEXT_LIMITS } from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Connector, SatsConnectProvider, StandardWallet } from './types.js'

// Wallets that are not EIP-1193 providers (Solana, Bitcoin) find the app through the Wallet
// Standard's event protocol, and Bitcoin wallets also through sats-connect's `window.btc_providers`
// list. This module is loaded only by apps that list such networks: an EVM-only app never
// downloads it.

/** Namespaces whose wallets this module finds. */
export const STANDARD_NAMESPACES = ['solana', 'bip122'] as const satisfies readonly ChainNamespace[]
type StandardNamespace = (typeof STANDARD_NAMESPACES)[number]

export const WALLET_STANDARD_CONNECTOR_PREFIX = 'wallet-standard'
export const SATS_CONNECT_CONNECTOR_PREFIX = 'sats-connect'
/** Wallets read from one registration: more is a flood, not a wallet. */
const MAX_CHAINS = 64
/** sats-connect provider ids are dotted paths on `window` (`XverseProviders.BitcoinProvider`). */
const PROVIDER_PATH = /^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor'])

const hasFunction = (feature: unknown, name: string) =>
  isRecord(feature) && typeof feature[name] === 'function'

/** The part of a wallet the chain checks read, each read guarded: any script can register. */
type WalletShape = { name: string; icon?: string; chains: readonly string[]; features: object }

function readWallet(wallet: unknown): WalletShape | undefined {
  try {
    if (!isRecord(wallet) || !isRecord(wallet.features)) return undefined
    const name = cleanDisplayText(wallet.name, TEXT_LIMITS.name)
    const { chains } = wallet
    if (!name || !Array.isArray(chains) || chains.length > MAX_CHAINS) return undefined
    if (!chains.every((chain) => typeof chain === 'string')) return undefined
    return {
      name,
      icon: toSafeImageUrl(wallet.icon),
      chains: chains as string[],
      features: wallet.features,
    }
  } catch {
    return undefined
  }
}

/** Whether a wallet can connect for the namespace: the chains it names and the features it has. */
export function supportsNamespace(
  wallet: Pick<WalletShape, 'chains' | 'features'>,
  namespace: StandardNamespace,
): boolean {
  const features = wallet.features as Record<string, unknown>
  const connects = hasFunction(features['standard:connect'], 'connect')
  if (namespace === 'solana') {
    return connects && wallet.chains.some((chain) => chain.startsWith('solana:'))
  }
  const bitcoinChain = wallet.chains.some(
    (chain) => chain.startsWith('bitcoin:') || chain.startsWith('bip122:'),
  )
  return (
    hasFunction(features['bitcoin:connect'], 'connect') ||
    (connects && bitcoinChain && Object.keys(features).some((key) => key.startsWith('bitcoin:')))
  )
}

/**
 * The connectors of one Wallet Standard wallet: one per namespace it supports among the app's.
 * Its name is untrusted text (cleaned, at most 64 characters), its icon must be an image URL;
 * a wallet whose object does not read as one gives none.
 */
export function standardWalletConnectors(
  wallet: unknown,
  namespaces: readonly ChainNamespace[],
): Connector[] {
  const shape = readWallet(wallet)
  if (!shape) return []
  return STANDARD_NAMESPACES.filter(
    (namespace) => namespaces.includes(namespace) && supportsNamespace(shape, namespace),
  ).map((namespace) => ({
    id: `${WALLET_STANDARD_CONNECTOR_PREFIX}:${namespace}:${shape.name}`,
    name: shape.name,
    type: 'ANNOUNCED',
    chain: namespace,
    imageUrl: shape.icon,
    wallet: wallet as StandardWallet,
  }))
}

/** The sats-connect provider a `window.btc_providers` entry points at, if it is one. */
function providerAt(target: object, path: string): SatsConnectProvider | undefined {
  if (!PROVIDER_PATH.test(path)) return undefined
  let current: unknown = target
  for (const key of path.split('.')) {
    if (FORBIDDEN_KEYS.has(key) || !isRecord(current) || !Object.hasOwn(current, key)) {
      return undefined
    }
    current = current[key]
  }
  return isRecord(current) && typeof current.request === 'function'
    ? (current as SatsConnectProvider)
    : undefined
}

/**
 * Bitcoin wallets listed in `window.btc_providers` (sats-connect, WBIP004) that are not also
 * Wallet Standard wallets: `skip` holds the names and providers already listed that way.
 */
export function satsConnectConnectors(
  target: object,
  skip: { names: ReadonlySet<string>; providers: ReadonlySet<unknown> },
): Connector[] {
  let entries: unknown
  try {
    entries = (target as { btc_providers?: unknown }).btc_providers
  } catch {
    return []
  }
  if (!Array.isArray(entries)) return []
  const out: Connector[] = []
  for (const entry of entries.slice(0, MAX_CHAINS)) {
    if (!isRecord(entry) || typeof entry.id !== 'string') continue
    const name = cleanDisplayText(entry.name, TEXT_LIMITS.name)
    const provider = providerAt(target, entry.id)
    if (!name || !provider || skip.names.has(name) || skip.providers.has(provider)) continue
    if (out.some((c) => c.satsConnect === provider)) continue
    out.push({
      id: `${SATS_CONNECT_CONNECTOR_PREFIX}:${entry.id}`,
      name,
      type: 'ANNOUNCED',
      chain: 'bip122',
      imageUrl: toSafeImageUrl(entry.icon),
      satsConnect: provider,
    })
  }
  return out
}

type RegisterApi = { register(...wallets: unknown[]): () => void }

/**
 * Starts the Wallet Standard's discovery on `target`: answers `wallet-standard:register-wallet`
 * events and says `wallet-standard:app-ready` once, so wallets loaded before and after register.
 * `publish` receives the connectors every time the list changes. Returns the stop function.
 */
export function discoverStandardWallets(
  target: Window,
  namespaces: readonly ChainNamespace[],
  publish: (connectors: readonly Connector[]) => void,
  onInvalid: (error: unknown) => void = () => undefined,
): () => void {
  const registered: unknown[] = []
  let stopped = false

  function update() {
    if (stopped) return
    const fromStandard = registered.flatMap((wallet) =>
      standardWalletConnectors(wallet, namespaces),
    )
    const bitcoin = fromStandard.filter((c) => c.chain === 'bip122')
    const providers = new Set<unknown>()
    for (const connector of bitcoin) {
      try {
        const feature = connector.wallet?.features['sats-connect:']
        if (isRecord(feature)) providers.add(feature.provider)
      } catch {
        // A getter that throws adds nothing.
      }
    }
    const fromSatsConnect = namespaces.includes('bip122')
      ? satsConnectConnectors(target, { names: new Set(bitcoin.map((c) => c.name)), providers })
      : []
    publish([...fromStandard, ...fromSatsConnect])
  }

  // The standard's app API: frozen, so a wallet cannot swap `register` for the next wallet.
  const api: RegisterApi = Object.freeze({
    register(...wallets: unknown[]) {
      const added = wallets.filter((wallet) => !registered.includes(wallet))
      registered.push(...added)
      update()
      return () => {
        for (const wallet of added) {
          const index = registered.indexOf(wallet)
          if (index !== -1) registered.splice(index, 1)
        }
        update()
      }
    },
  })
  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent).detail
    if (typeof callback !== 'function') return
    try {
      callback(api)
    } catch (error) {
      onInvalid(error)
    }
  }
  target.addEventListener('wallet-standard:register-wallet', onRegister)
  target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  update()
  return () => {
    stopped = true
    target.removeEventListener('wallet-standard:register-wallet', onRegister)
  }
}
