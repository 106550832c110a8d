import { DEVNET_PROJECT_ID } from '../../config/constants.js'
import type { Route } from '../../kernel/router.js'
import { defineService } from '../../kernel/service.js'
import { controlRoutes } from './control.js'
import { createFaultStore, type FaultControl } from './faults.js'
import { type ApiServer, startApiServer } from './server.js'

export const DEFAULT_API_PORT = 8787

export type ApiOptions = {
  /**
   * The API server; 8787 by default. 0 makes this a test devnet: every server then takes a
   * free port unless told one (0 picks a free port anywhere).
   */
  ports?: { api?: number }
}

/** The API server's part of `devnet.info()`. */
export type ApiInfo = {
  /** The Blockchain API, the toolkit backend and analytics: one server. */
  apiUrl: string
}

const apiUrlAt = (host: string, port = DEFAULT_API_PORT) => `http://${host}:${port}`

/**
 * One HTTP server for the Blockchain API, the toolkit backend and the devnet's control routes:
 * it answers the routes every service declares (in registry order), with CORS for loopback
 * pages, the projectId check, and the faults a test sets.
 */
export const apiService = defineService({
  name: 'api',
  needs: [],
  async start(context, options: ApiOptions) {
    const faults = createFaultStore()
    const own = controlRoutes(faults, context.info)
    let theirs: readonly Route[] | undefined
    let all: readonly Route[] = own
    const server: ApiServer = await startApiServer({
      host: context.host,
      port: options.ports?.api ?? DEFAULT_API_PORT,
      // Its own control routes first, then every service's, as they start.
      routes: () => {
        const latest = context.routes()
        if (latest !== theirs) {
          theirs = latest
          all = [...own, ...latest]
        }
        return all
      },
      faults,
      log: context.log,
    })
    return { api: { server, faults }, stop: () => server.close() }
  },
  info: ({ server }): ApiInfo => ({ apiUrl: server.url }),
  infoAt: (host, options: ApiOptions): ApiInfo => ({ apiUrl: apiUrlAt(host, options.ports?.api) }),
  expose: ({ faults }) => ({
    faults: { set: faults.set, clear: faults.clear, list: faults.list } as FaultControl,
  }),
  pages: ({ server }) => [
    { label: 'API', url: server.url, about: 'Blockchain API and toolkit backend' },
  ],
  vite: {
    exports: ({ apiUrl }: ApiInfo) => ({
      projectId: DEVNET_PROJECT_ID,
      apiUrls: { blockchain: apiUrl, toolkit: apiUrl, pulse: apiUrl },
    }),
  },
})
