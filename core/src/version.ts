/** Sent to the APIs as `sv` with `st` (SDK type), so servers can tell SDK versions apart. */
export const SDK_TYPE = 'portico'
export const SDK_VERSION = '0.1.0'
