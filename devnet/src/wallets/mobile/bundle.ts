import { browserBundle } from '../../kernel/bundle.js'

/**
 * The page's script: `app.ts` with `@walletconnect/sign-client` and viem, bundled for the
 * browser on first use (about 0.4 s, about 500 KB minified) and kept in memory. Workspace
 * packages from their sources: the sign-in message parser comes from `@portico/server/message`,
 * which has no build in development.
 */
export const mobileWalletBundle = browserBundle(
  'mobile wallet',
  () => new URL('./app.ts', import.meta.url),
  { workspaceSources: true },
)
