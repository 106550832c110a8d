import type { Message } from '../messages/index.js'

/**
 * Storage keys (under the client's prefix) sign-in writes: the sessions kept in the browser
 * (`SIWX_SESSIONS_KEY`) and a server's tokens (`SIWX_TOKENS_KEY`). The code that writes them
 * names them again, apart, because it loads apart: a constant imported both by the page's first
 * load and by that code would become a file of its own in the first load. A test holds the two
 * lists equal.
 */
export const SIWX_STORAGE_KEYS = ['siwx_sessions', 'siwx_tokens'] as const

/** The sign-in code could not be downloaded (offline, a deploy in between). */
export const SIWX_LOAD_FAILED = { key: 'siwx.loadFailed' } as const satisfies Message
