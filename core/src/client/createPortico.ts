import { type ClientOf, createClient, type OptionsOf } from '../kernel/createClient.js'
import { FEATURES } from './features.js'

/** The options of `createPortico`: the shared ones and every feature's own. */
export type PorticoOptions = OptionsOf<typeof FEATURES>

/** A Portico client: `client.<feature>.<action>()` and `client.<feature>.$<store>`. */
export type PorticoClient = ClientOf<typeof FEATURES>

/**
 * Builds one Portico client: every store and action of the SDK, with no state shared with any
 * other client (two on one page, or one per SSR request, are independent). Makes no network
 * request until the user acts (or a stored connection is restored).
 *
 * @example
 * const client = createPortico({ projectId, networks: [mainnet] })
 * await client.connection.connect({ connectorId: 'io.metamask' })
 */
export function createPortico(options: PorticoOptions): PorticoClient {
  return createClient(FEATURES, options)
}
