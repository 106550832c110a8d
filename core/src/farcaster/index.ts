export type { FarcasterFeature, FarcasterInternal } from './feature.js'
export { authReloadEvent, FARCASTER_RELOAD_DELAY_MS, farcasterFeature } from './feature.js'
