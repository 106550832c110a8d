import { atom, batched, computed, onMount } from 'nanostores'
import { isPorticoError, PorticoError } from '../errors/index.js'
import {
  createAsyncAction,
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from './async.js'
import { withDeadline } from './deadline.js'

/**
 * The helpers every heavy half uses that the page's first load already has, handed to each half
 * in its context (`context.kit`) instead of imported.
 *
 * Why: a bundler puts a module that both the first load and a lazily loaded chunk import into a
 * file of its own (esbuild makes one per set of chunks sharing it), so each such import costs the
 * page one more request and compresses worse. A half imports only types from the first load and
 * takes the values from here; what no page loads first it imports as usual.
 */
export const kit = {
  PorticoError,
  isPorticoError,
  toPorticoError,
  createAsyncAction,
  idleState,
  pendingState,
  successState,
  errorState,
  withDeadline,
  atom,
  computed,
  batched,
  onMount,
} as const

export type Kit = typeof kit
