/**
 * `@portico/react/solana`: the hooks that need `@solana/kit` (an optional peer dependency of
 * `@portico/core`), apart from the main entry so apps without Solana never bundle it.
 */
export type { UseSolanaSignerReturnType } from './useSolanaSigner.js'
export { useSolanaSigner } from './useSolanaSigner.js'
