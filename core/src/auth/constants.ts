/** The id of the embedded wallet's connector (type AUTH): the secure frame behind email login. */
export const AUTH_CONNECTOR_ID = 'auth'

/**
 * When the last email login mail was asked (ms since epoch): email login can only be triggered
 * again 30 s after the last one, across reloads too.
 */
export const LAST_EMAIL_LOGIN_KEY = 'auth_last_email_login'

/** Email login can only be triggered again this long after the last one. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/**
 * How long the app waits for the secure frame's answer to an event the spec gives no time for
 * (is-connected, get user, a read-only RPC call, the email update codes…). Ours: the same 30 s as
 * the spec's email and code events, so nothing waits for ever on a frame that went silent.
 */
export const FRAME_ANSWER_TIMEOUT_MS = 30_000

/**
 * A frame that has sent nothing (no heartbeat) for this many heartbeat intervals is taken as
 * gone: its open requests fail and the next request loads a fresh frame. Ours; checked only while
 * the page is visible, since browsers slow the timers of hidden pages.
 */
export const MISSED_HEARTBEATS = 3

/**
 * The pause before asking the frame again whether the device link was opened, when it answered
 * 'Device not approved yet'. Ours: the frame itself holds each ask up to 25 s, so this only keeps
 * a frame that answers at once from being asked in a tight loop.
 */
export const DEVICE_RETRY_DELAY_MS = 1_000
