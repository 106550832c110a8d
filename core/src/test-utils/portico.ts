import { FEATURES, type PorticoOptions } from '../client/index.js'
import { buildClient } from '../kernel/createClient.js'

/** A client with a way into its features' internals, for tests of rules no public action reaches. */
export function createInspectablePortico(options: PorticoOptions) {
  return buildClient(FEATURES, options)
}
