/** Sent to the APIs as `sv` with `st` (SDK type), so servers can tell SDK versions apart. */
export const SDK_TYPE = 'portico'
/** The SDK version, sent with every API call as `sv`. */
export const SDK_VERSION = '0.1.0'
