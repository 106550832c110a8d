import type { ReadableAtom, WritableAtom } from 'nanostores'
import { INJECTED_CONNECTOR_ID } from '../kit.js'
import { toSafeImageUrl } from '../lazyKit.js'
import type { Logger } from '../logger/index.js'
import { isEip1193Provider, listenForAnnouncements } from './eip6963.js'
import type { Connector, ExternalConnector } from './types.js'

export type ConnectorRegistry = {
  /** Every connector, deduplicated, in discovery order. */
  $connectors: ReadableAtom<readonly Connector[]>
  /** Starts EIP-6963 discovery (idempotent; a no-op without `window`). */
  startDiscovery(): void
  get(id: string): Connector | undefined
  /** Resolves with the connector once it is known, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<Connector | undefined>
  /** Adds a connector built by another feature (WalletConnect, auth). Same id replaces. */
  add(connector: Connector): void
  stop(): void
}

/**
 * Another way to find wallets in the page than EIP-6963 (the Wallet Standard, sats-connect…):
 * started with discovery, it reports its whole current list each time it changes, and returns
 * its stop function.
 */
export type ConnectorSource = (
  target: Window,
  publish: (connectors: readonly Connector[]) => void,
) => () => void

export type CreateConnectorsParameters = {
  options: { excludeWalletIds: readonly string[] }
  /** The store the list is published to (the shell's). */
  $connectors: WritableAtom<readonly Connector[]>
  /** Connectors other features added before the registry was built (WalletConnect). */
  added?: readonly Connector[]
  externalConnectors?: readonly ExternalConnector[]
  /** Other discoveries, started with EIP-6963's; their connectors follow the announced ones. */
  sources?: readonly ConnectorSource[]
  logger: Logger
  window?: Window
}

export function createConnectors({
  options,
  $connectors,
  added = [],
  externalConnectors = [],
  sources = [],
  logger,
  window: target = typeof window === 'undefined' ? undefined : window,
}: CreateConnectorsParameters): ConnectorRegistry {
  const excluded = new Set(options.excludeWalletIds)
  const external: Connector[] = externalConnectors.map((c) => ({
    id: c.id,
    name: c.name,
    type: 'EXTERNAL',
    chain: c.chain ?? 'eip155',
    imageUrl: toSafeImageUrl(c.imageUrl),
    provider: c.provider,
    wallet: c.wallet,
    satsConnect: c.satsConnect,
  }))
  const announced: Connector[] = []
  /** The current list of each source, by its index. */
  const discovered: (readonly Connector[])[] = sources.map(() => [])
  const stopSources: (() => void)[] = []
  const others: Connector[] = [...added]
  let injected: Connector | undefined
  $connectors.set([...others, ...external])
  const waiters = new Set<() => void>()
  let stopListening: (() => void) | undefined

  function publish() {
    // A plain injected provider is listed only when no wallet announced itself: a wallet that
    // both announces and sets window.ethereum must appear once.
    const plain = injected && announced.length === 0 ? [injected] : []
    // A source's wallet cannot take the id of a connector the app brought or one already
    // announced: the first of two wallets with one id keeps it.
    const taken = new Set([...others, ...announced, ...plain, ...external].map((c) => c.id))
    const found: Connector[] = []
    for (const connector of discovered.flat()) {
      if (taken.has(connector.id)) continue
      taken.add(connector.id)
      found.push(connector)
    }
    $connectors.set([...others, ...announced, ...found, ...plain, ...external])
    for (const wake of waiters) wake()
  }

  function get(id: string) {
    return $connectors.get().find((connector) => connector.id === id)
  }

  return {
    $connectors,
    get,
    startDiscovery() {
      if (stopListening || !target) return
      const ethereum = (target as { ethereum?: unknown }).ethereum
      if (isEip1193Provider(ethereum)) {
        injected = {
          id: INJECTED_CONNECTOR_ID,
          name: 'Browser Wallet',
          type: 'INJECTED',
          chain: 'eip155',
          provider: ethereum,
        }
      }
      stopListening = listenForAnnouncements(
        target,
        ({ info, provider }) => {
          if (excluded.has(info.rdns)) return
          // First wins: the id is bound to the provider that announced it first, so a later
          // announcement (another extension, or a script of the page posing as a wallet) cannot
          // take over a listed wallet, least of all a connected one, or the one a reload
          // reconnects to. Wallets announce again whenever the page asks: the same provider
          // again is normal; another provider under a listed id is worth a warning.
          const listed = get(info.rdns) ?? announced.find((c) => c.rdns === info.rdns)
          if (listed) {
            if (listed.provider === provider) {
              logger.debug(`${info.rdns} announced itself again`)
            } else {
              logger.warn(
                `ignored a second EIP-6963 provider for ${info.rdns}: the first one keeps the id`,
                { name: info.name, uuid: info.uuid },
              )
            }
            return
          }
          announced.push({
            id: info.rdns,
            name: info.name,
            type: 'ANNOUNCED',
            chain: 'eip155',
            imageUrl: info.icon || undefined,
            rdns: info.rdns,
            provider,
          })
          publish()
        },
        (detail) => logger.warn('ignored an EIP-6963 announcement with invalid metadata', detail),
      )
      const page = target
      sources.forEach((source, index) => {
        try {
          stopSources.push(
            source(page, (connectors) => {
              discovered[index] = connectors.filter(
                (c) => !excluded.has(c.id) && !(c.rdns && excluded.has(c.rdns)),
              )
              publish()
            }),
          )
        } catch (error) {
          logger.warn('a wallet discovery failed to start', error)
        }
      })
      publish()
    },
    waitFor(id, timeoutMs) {
      const found = get(id)
      if (found) return Promise.resolve(found)
      return new Promise((resolve) => {
        const done = (value: Connector | undefined) => {
          clearTimeout(timer)
          waiters.delete(check)
          resolve(value)
        }
        const check = () => {
          const connector = get(id)
          if (connector) done(connector)
        }
        const timer = setTimeout(() => done(undefined), timeoutMs)
        waiters.add(check)
      })
    },
    add(connector) {
      const index = others.findIndex((c) => c.id === connector.id)
      if (index === -1) others.push(connector)
      else others[index] = connector
      publish()
    },
    stop() {
      stopListening?.()
      stopListening = undefined
      for (const stopSource of stopSources.splice(0)) stopSource()
    },
  }
}
