import { isChainNamespace } from '../caip/index.js'
import type { AlertCode } from '../errors/index.js'
import { PorticoError } from '../errors/index.js'
import { SOCIAL_PROVIDERS } from '../storage/index.js'
import { DEFAULT_ACCOUNT_TYPES, DEFAULT_API_URLS, DEFAULT_FEATURES } from './defaults.js'
import { validateNetwork } from './network.js'
import {
  CONNECTOR_TYPE_ORDER_DEFAULT,
  type PorticoOptions,
  type ResolvedOptions,
  WALLET_FEATURES,
} from './types.js'

const SOCIAL_OPTIONS: readonly string[] = [...SOCIAL_PROVIDERS, 'farcaster']

function invalidOption(message: string): never {
  throw new PorticoError('INVALID_OPTIONS', message)
}

export type ResolveOptionsReturnType = {
  options: ResolvedOptions
  /** Alerts to raise: configuration problems that do not stop the SDK from starting. */
  alerts: AlertCode[]
}

/** Applies the spec's defaults (§9) and validation rules (§5) to the app's options. */
export function resolveOptions(input: PorticoOptions): ResolveOptionsReturnType {
  if (typeof input !== 'object' || input === null) invalidOption('createPortico needs options')
  if (input.siweConfig && input.siwx) {
    throw new PorticoError('SIWE_AND_SIWX_BOTH_SET')
  }
  const themeMode = input.themeMode ?? 'dark'
  if (themeMode !== 'light' && themeMode !== 'dark') {
    invalidOption(`themeMode must be 'light' or 'dark', not '${String(themeMode)}'`)
  }

  if (!Array.isArray(input.networks) || input.networks.length === 0) {
    invalidOption('networks must list at least one network')
  }
  const networks = input.networks.map(validateNetwork) as unknown as ResolvedOptions['networks']
  const ids = new Set<string>()
  for (const network of networks) {
    if (ids.has(network.id)) invalidOption(`network ${network.id} is listed twice`)
    ids.add(network.id)
  }
  const defaultNetwork = input.defaultNetwork
    ? networks.find((n) => n.id === input.defaultNetwork)
    : networks[0]
  if (!defaultNetwork) invalidOption(`defaultNetwork ${input.defaultNetwork} is not in networks`)

  const features = { ...DEFAULT_FEATURES, ...input.features }
  if (features.socials !== false) {
    if (!Array.isArray(features.socials)) invalidOption('features.socials must be a list or false')
    for (const social of features.socials) {
      if (!SOCIAL_OPTIONS.includes(social)) {
        invalidOption(
          `features.socials: '${String(social)}' is not one of ${SOCIAL_OPTIONS.join(', ')}`,
        )
      }
    }
  }
  for (const item of features.walletFeaturesOrder) {
    if (!(WALLET_FEATURES as readonly string[]).includes(item)) {
      invalidOption(`features.walletFeaturesOrder: unknown feature '${String(item)}'`)
    }
  }
  for (const item of features.connectorTypeOrder) {
    if (!(CONNECTOR_TYPE_ORDER_DEFAULT as readonly string[]).includes(item)) {
      invalidOption(`features.connectorTypeOrder: unknown type '${String(item)}'`)
    }
  }

  const defaultAccountTypes = { ...DEFAULT_ACCOUNT_TYPES }
  for (const [namespace, type] of Object.entries(input.defaultAccountTypes ?? {})) {
    if (!isChainNamespace(namespace)) invalidOption(`defaultAccountTypes: unknown ${namespace}`)
    defaultAccountTypes[namespace] = type
  }

  const apiUrls = { ...DEFAULT_API_URLS, ...input.apiUrls }
  for (const [name, url] of Object.entries(apiUrls)) {
    try {
      new URL(url)
    } catch {
      invalidOption(`apiUrls.${name} is not a URL: '${String(url)}'`)
    }
  }

  const projectId = typeof input.projectId === 'string' ? input.projectId.trim() : ''
  const alerts: AlertCode[] = projectId ? [] : ['PROJECT_ID_NOT_CONFIGURED']

  const { storage: _storage, now: _now, features: _features, apiUrls: _apiUrls, ...rest } = input
  return {
    alerts,
    options: {
      ...rest,
      projectId,
      networks,
      defaultNetwork,
      features,
      themeMode,
      themeVariables: { ...input.themeVariables },
      allowUnsupportedChain: input.allowUnsupportedChain ?? false,
      enableNetworkSwitch: input.enableNetworkSwitch ?? true,
      defaultAccountTypes,
      disableAppend: input.disableAppend ?? false,
      enableEmbedded: input.enableEmbedded ?? false,
      apiUrls,
      includeWalletIds: input.includeWalletIds ?? [],
      excludeWalletIds: input.excludeWalletIds ?? [],
      featuredWalletIds: input.featuredWalletIds ?? [],
      customWallets: input.customWallets ?? [],
    },
  }
}
