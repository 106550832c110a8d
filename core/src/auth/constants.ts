/** The id of the embedded wallet's connector (type AUTH): the secure frame behind email login. */
export const AUTH_CONNECTOR_ID = 'auth'

/**
 * When the last email login mail was asked (ms since epoch): email login can only be triggered
 * again 30 s after the last one, across reloads too.
 */
export const LAST_EMAIL_LOGIN_KEY = 'auth_last_email_login'

/**
 * Email login can only be triggered again this long after the last one. The login's code follows
 * the frame protocol's own rule (`EMAIL_LOGIN_RULES.cooldownMs`, the same 30 s, pinned equal by a
 * test): it loads apart, and a constant both import would be a file of its own in the first load.
 */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
