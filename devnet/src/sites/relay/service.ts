import type { IncomingMessage, ServerResponse } from 'node:http'
import { defineService } from '../../kernel/service.js'
import type { Relay } from './server.js'

/** The WalletConnect relay's port, which also serves the Devnet Mobile Wallet page. */
export const DEFAULT_RELAY_PORT = 8788

export type RelayServiceOptions = {
  /** The WalletConnect relay and the pages on its port; 8788 by default. */
  ports?: { relay?: number }
}

/** A page served on the relay's port: answers and returns true, or returns false to pass. */
type RelayPage = (req: IncomingMessage, res: ServerResponse) => boolean

/** The relay as other services see it. */
type RunningRelay = {
  relay: Relay
  /** `http://…` on the relay's port. */
  httpUrl: string
  /** Serves a page on the relay's port (the Devnet Mobile Wallet). */
  mount(page: RelayPage): void
}

/** The relay's part of `devnet.info()`. */
export type RelayInfo = {
  /** The WalletConnect relay (`ws://…`): the SDK's relay URL on the devnet. */
  relayUrl: string
}

const relayUrlAt = (host: string, port = DEFAULT_RELAY_PORT) => `ws://${host}:${port}`

/** A WalletConnect relay on loopback: what the SDK and the WalletConnect wallets pair through. */
export const relayService = defineService({
  name: 'relay',
  needs: [],
  async start(context, options: RelayServiceOptions) {
    const { startRelay } = await import('./server.js')
    const pages: RelayPage[] = []
    const relay = await startRelay({
      host: context.host,
      port: context.port(options.ports?.relay, DEFAULT_RELAY_PORT),
      log: context.log,
      http: (req, res) => pages.some((page) => page(req, res)),
    })
    const running: RunningRelay = {
      relay,
      httpUrl: relay.url.replace(/^ws/, 'http'),
      mount: (page) => void pages.push(page),
    }
    return { api: running, stop: () => relay.close() }
  },
  info: ({ relay }): RelayInfo => ({ relayUrl: relay.url }),
  infoAt: (host, options: RelayServiceOptions): RelayInfo => ({
    relayUrl: relayUrlAt(host, options.ports?.relay),
  }),
  expose: ({ relay }) => ({
    /**
     * The WalletConnect relay's state, for tests (open sockets, subscriptions, stored messages),
     * and its socket refused and restored (a relay that is down: `refuse('reject' | 'hang')`).
     */
    relay: {
      stats: relay.stats,
      messages: relay.messages,
      refuse: relay.refuse,
      restore: relay.restore,
    } as Pick<Relay, 'stats' | 'messages' | 'refuse' | 'restore'>,
  }),
  pages: ({ relay }) => [{ label: 'WalletConnect', url: relay.url, about: 'relay' }],
  vite: {
    exports: ({ relayUrl }: RelayInfo) => ({ apiUrls: { relay: relayUrl } }),
  },
})
