import { DEFAULT_API_URLS, DEFAULT_FEATURES } from './defaults.js'
import { invalidOption } from './invalid.js'
import { validateNetwork } from './network.js'
import {
  type BaseOptions,
  CONNECTOR_TYPE_ORDER_DEFAULT,
  type ResolvedOptions,
  SOCIAL_PROVIDERS,
  WALLET_FEATURES,
} from './types.js'

const SOCIAL_OPTIONS: readonly string[] = [...SOCIAL_PROVIDERS, 'farcaster']

/** Applies the defaults to the shared options and checks them; features check their own. */
export function resolveOptions(input: BaseOptions): ResolvedOptions {
  if (typeof input !== 'object' || input === null) invalidOption('createPortico needs options')
  if (!Array.isArray(input.networks) || input.networks.length === 0) {
    invalidOption('networks must list at least one network')
  }
  const networks = input.networks.map(validateNetwork) as unknown as ResolvedOptions['networks']
  const ids = new Set<string>()
  for (const network of networks) {
    if (ids.has(network.id)) invalidOption(`network ${network.id} is listed twice`)
    ids.add(network.id)
  }
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
  const apiUrls = { ...DEFAULT_API_URLS, ...input.apiUrls }
  for (const [name, url] of Object.entries(apiUrls)) {
    try {
      new URL(url)
    } catch {
      invalidOption(`apiUrls.${name} is not a URL: '${String(url)}'`)
    }
  }
  return {
    projectId: typeof input.projectId === 'string' ? input.projectId.trim() : '',
    networks,
    metadata: input.metadata,
    features,
    apiUrls,
    disableAppend: input.disableAppend ?? false,
    enableEmbedded: input.enableEmbedded ?? false,
  }
}
