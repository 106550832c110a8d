import { defineEvent } from '../kernel/events.js'
import type { ConnectionEvent } from './types.js'

/** A wallet connected, reconnected, changed account or chain, or went away. */
export const connectionEvent = defineEvent<ConnectionEvent>('connection')
