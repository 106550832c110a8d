import { type BrowserBundle, browserBundle } from '../../kernel/bundle.js'

export type FrameBundle = BrowserBundle

/**
 * The frame's script (`frame/app.ts` with viem's key and signing code), bundled for the
 * browser on first request and kept in memory. The protocol comes from
 * `@portico/core/internal`: its TypeScript sources, tree-shaken (core declares
 * `sideEffects: false`) to the protocol module alone.
 */
export const secureFrameBundle = browserBundle(
  'secure frame',
  () => new URL('./frame/app.ts', import.meta.url),
  { workspaceSources: true },
)
