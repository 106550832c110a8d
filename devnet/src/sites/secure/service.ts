import { evmService } from '../../chains/evm/service.js'
import { defineService } from '../../kernel/service.js'
import { projectService } from '../../services/project/service.js'
import { mailService } from '../mail/service.js'
import type { SecureSite } from './server.js'

/**
 * The secure site (the embedded wallet's frame, the Devnet Inbox): same host name as the apps,
 * its own port, so the frame is cross-origin but same-site.
 */
export const DEFAULT_SECURE_PORT = 8789

export type SecureOptions = {
  /** The secure site; 8789 by default. */
  ports?: { secure?: number }
}

/** The secure site's part of `devnet.info()`. */
export type SecureInfo = {
  /**
   * The secure site (`http://127.0.0.1:8789`): the SDK's `secureSite` option. Its frame page is
   * `/sdk`, the Devnet Inbox `/inbox`.
   */
  secureSiteUrl: string
}

const secureSiteUrlAt = (host: string, port = DEFAULT_SECURE_PORT) => `http://${host}:${port}`

/**
 * The secure site of the embedded (email) wallet: the frame apps embed, the keys it keeps for
 * its users, the login mail it sends to the catcher, the device pages and the Devnet Inbox.
 * Only the project's allowed origins may embed it.
 */
export const secureService = defineService({
  name: 'secure',
  needs: [evmService, mailService, projectService],
  async start(context, options: SecureOptions) {
    const { startDevnetSecureSite } = await import('./start.js')
    const site: SecureSite = await startDevnetSecureSite({
      host: context.host,
      port: context.port(options.ports?.secure, DEFAULT_SECURE_PORT),
      evm: context.use(evmService),
      mail: context.use(mailService),
      allowedOrigins: context.use(projectService).allowedOrigins,
      log: context.log,
    })
    return { api: site, stop: () => site.close() }
  },
  info: (site): SecureInfo => ({ secureSiteUrl: site.url }),
  infoAt: (host, options: SecureOptions): SecureInfo => ({
    secureSiteUrl: secureSiteUrlAt(host, options.ports?.secure),
  }),
  pages: (site) => [
    { label: 'secure site', url: `${site.url}/`, about: 'embedded wallet: its frame is /sdk' },
    {
      label: 'Devnet Inbox',
      url: `${site.url}/inbox`,
      about: 'login mail: device links and codes',
    },
  ],
  vite: {
    exports: (info: Partial<SecureInfo>) => ({
      // Older PORTICO_DEVNET values have no secure site: the default port then.
      secureSiteUrl: info.secureSiteUrl ?? secureSiteUrlAt('127.0.0.1'),
    }),
  },
})
