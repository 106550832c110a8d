/** Timeout for calls to the hosted APIs. The spec gives none; 30 s matches its request timeout. */
export const API_REQUEST_TIMEOUT_MS = 30_000
