import type { createBrowserImpl } from './browserImpl.js'
import { deferredSiwx } from './deferred.js'
import type { BrowserSiwxOptions, SiwxConfig } from './types.js'

/**
 * Sign-in kept in the browser, for apps without a backend: the nonce is drawn here, the
 * signature checked here, the session stored with the client's other state. Nothing proves the
 * sign-in to a server: use `createServerSiwx` when one must trust it. Its code loads on first use.
 */
export function createBrowserSiwx(options: BrowserSiwxOptions = {}): SiwxConfig {
  return deferredSiwx<ReturnType<typeof createBrowserImpl>>(
    options,
    ['createMessage', 'addSession', 'revokeSession', 'setSessions', 'getSessions'],
    (context) => import('./browserImpl.js').then((m) => m.createBrowserImpl(options, context)),
  )
}
