import { atom, computed } from 'nanostores'
import { createLazyApiClient } from '../api/lazyApiClient.js'
import { PorticoError } from '../errors/index.js'
import { createLogger } from '../logger/index.js'
import type { BaseOptions, ResolvedOptions } from '../options/index.js'
import { resolveOptions } from '../options/index.js'
import { invalidOption } from '../options/invalid.js'
import {
  createSafeStorage,
  isInitialState,
  type PorticoInitialState,
  resolveStorageAdapter,
  resolveStorageKey,
  type StorageOptions,
  storagePrefix,
  withInitialState,
} from '../storage/index.js'
import { createEventBus, type EventBus } from './events.js'
import type {
  AnyFeature,
  ClientContext,
  FeatureContext,
  InternalOf,
  LazyContext,
  LazyHalfModule,
  OptionsInputOf,
  PublicOf,
} from './feature.js'
import { createLazyHalf, type LazyModule, lazyModule, moduleLoadFailed } from './lazy.js'

type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (
  k: infer I,
) => void
  ? I
  : never

/** The options `createPortico` takes: the shared ones and every feature's own. */
export type OptionsOf<Features extends readonly AnyFeature[]> = BaseOptions &
  StorageOptions &
  UnionToIntersection<OptionsInputOf<Features[number]>>

/** A client: each feature's public part under its name, plus the resolved options and destroy. */
export type ClientOf<Features extends readonly AnyFeature[]> = {
  readonly [F in Features[number] as F['name']]: PublicOf<F>
} & {
  /** The resolved shared options (defaults applied). */
  readonly options: ResolvedOptions
  /** Stops timers and listeners; the client must not be used afterwards. */
  destroy(): void
}

/**
 * Each feature's heavy half, once per page: every client (and every test) shares the fetch of a
 * feature's code, and builds its own half from it.
 */
const halves = new WeakMap<AnyFeature, LazyModule<LazyHalfModule<unknown, unknown>>>()
function halfCode(feature: AnyFeature): LazyModule<LazyHalfModule<unknown, unknown>> {
  let code = halves.get(feature)
  if (!code) {
    const failure = feature.lazyError
    code = lazyModule(
      feature.name,
      feature.lazy as never,
      typeof failure === 'function' ? failure : moduleLoadFailed(feature.name, failure),
    )
    halves.set(feature, code)
  }
  return code
}

/**
 * Fetches a feature's heavy half's code now (once per page): a client built afterwards builds its
 * half in the turn it first uses it. For tests that look at what the half does, not at when its
 * code arrives, and for an app that wants a feature ready before the user reaches it.
 */
export function loadFeatureCode(feature: AnyFeature): Promise<void> {
  return feature.lazy
    ? halfCode(feature)
        .load()
        .then(() => undefined)
    : Promise.resolve()
}

/** Features in an order where each comes after everything it needs. */
export function orderFeatures(features: readonly AnyFeature[]): AnyFeature[] {
  const ordered: AnyFeature[] = []
  const state = new Map<AnyFeature, 'visiting' | 'done'>()
  const visit = (feature: AnyFeature, path: string[]) => {
    const seen = state.get(feature)
    if (seen === 'done') return
    if (seen === 'visiting') {
      throw new PorticoError('INVALID_OPTIONS', `Features need each other: ${path.join(' → ')}`)
    }
    if (!features.includes(feature)) {
      throw new PorticoError(
        'INVALID_OPTIONS',
        `Feature ${path[path.length - 2]} needs ${feature.name}, which is not registered`,
      )
    }
    state.set(feature, 'visiting')
    for (const need of feature.needs) visit(need, [...path, need.name])
    state.set(feature, 'done')
    ordered.push(feature)
  }
  for (const feature of features) visit(feature, [feature.name])
  return ordered
}

/**
 * Builds a client from feature modules: options are resolved and checked first (a bad option
 * throws before anything starts), then each feature is created after the features it needs,
 * then every feature's start hook runs.
 */
export function createClient<const Features extends readonly AnyFeature[]>(
  features: Features,
  input: OptionsOf<Features>,
): ClientOf<Features> {
  return buildClient(features, input).client
}

/**
 * A client and a way into its features' internal parts: for tests that need to put the client
 * in a state no public action reaches (a sign-in session, a pending wallet request).
 */
export function buildClient<const Features extends readonly AnyFeature[]>(
  features: Features,
  input: OptionsOf<Features>,
): {
  client: ClientOf<Features>
  use<F extends AnyFeature>(feature: F): InternalOf<F>
  events: EventBus
} {
  const options = resolveOptions(input)
  const storageKey = resolveStorageKey((input as StorageOptions).storageKey)
  const ordered = orderFeatures(features)
  const names = new Set<string>()
  const keys = new Map<string, string>()
  for (const feature of ordered) {
    if (names.has(feature.name)) {
      throw new PorticoError('INVALID_OPTIONS', `Two features are named ${feature.name}`)
    }
    names.add(feature.name)
    for (const key of feature.storageKeys) {
      const owner = keys.get(key)
      if (owner) {
        throw new PorticoError(
          'INVALID_OPTIONS',
          `Storage key ${key} is claimed by ${owner} and ${feature.name}`,
        )
      }
      keys.set(key, feature.name)
    }
  }
  // Features read the networks in Portico's form, whatever form the app gave them in.
  const featureInput = { ...input, networks: options.networks }
  const featureOptions = new Map(
    ordered.map((feature) => [feature, feature.options?.(featureInput as never)]),
  )

  const clock = { now: input.now ?? Date.now }
  const logger = createLogger({ level: input.logLevel, now: clock.now })
  const initialState = input.initialState
  if (initialState !== undefined && !isInitialState(initialState)) {
    invalidOption('initialState must be what cookieToInitialState returned')
  }
  // The request's stored entries win until the client writes them: the first render in the
  // browser reads what the server read.
  const storageAdapter = initialState
    ? withInitialState(resolveStorageAdapter(input.storage), initialState)
    : resolveStorageAdapter(input.storage)
  const apiClient = (baseUrl: string) =>
    createLazyApiClient({ baseUrl, projectId: options.projectId, fetch: input.fetch })
  const base: ClientContext = {
    options,
    logger,
    storage: createSafeStorage(storageAdapter, logger, storagePrefix(storageKey)),
    storageAdapter,
    storageKey,
    clock,
    api: {
      blockchain: apiClient(options.apiUrls.blockchain),
      toolkit: apiClient(options.apiUrls.toolkit),
      pulse: apiClient(options.apiUrls.pulse),
    },
    events: createEventBus((error) => logger.error('an event listener failed', error)),
    isBrowser: typeof window !== 'undefined',
    initialState: initialState as PorticoInitialState | undefined,
    fetch: input.fetch,
  }

  const internals = new Map<AnyFeature, unknown>()
  const cleanups: (() => void)[] = []
  const starts: (() => void)[] = []
  const client: Record<string, unknown> = { options }
  let destroyed = false
  for (const feature of ordered) {
    const context: FeatureContext = {
      ...base,
      use(needed) {
        if (!feature.needs.includes(needed)) {
          throw new PorticoError(
            'INVALID_OPTIONS',
            `${feature.name} uses ${needed.name} without declaring it in needs`,
          )
        }
        return internals.get(needed) as never
      },
      // A half built after the client was destroyed has nothing to keep running: its cleanup
      // runs at once.
      onDestroy: (cleanup) => (destroyed ? cleanup() : cleanups.push(cleanup)),
      onStart: (start) => starts.push(start),
    }
    const bind = (shell: unknown) => {
      if (!feature.lazy) {
        throw new PorticoError('INVALID_OPTIONS', `${feature.name} declares no lazy half`)
      }
      const lazyContext: LazyContext = { ...context, atom, computed }
      return createLazyHalf(
        halfCode(feature),
        (module) => module.createLazy(lazyContext, shell),
        () => destroyed,
      )
    }
    const parts = feature.create(context, featureOptions.get(feature), bind as never)
    internals.set(feature, parts.internal)
    client[feature.name] = parts.public
  }

  client.destroy = () => {
    if (destroyed) return
    destroyed = true
    for (const cleanup of cleanups.reverse()) {
      try {
        cleanup()
      } catch (error) {
        logger.error('a feature failed to stop', error)
      }
    }
    base.events.clear()
  }
  for (const start of starts) start()
  return {
    client: client as ClientOf<Features>,
    events: base.events,
    use: (feature) => {
      if (!internals.has(feature)) {
        throw new PorticoError('INVALID_OPTIONS', `${feature.name} is not a feature of this client`)
      }
      return internals.get(feature) as never
    },
  }
}
