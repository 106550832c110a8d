import { fileURLToPath } from 'node:url'

export type MobileWalletBundle = {
  code: string
  bytes: number
  /** How long esbuild took, in milliseconds. */
  buildMs: number
}

// One build per process: the code does not depend on the devnet (its configuration is in the
// HTML), so devnets started side by side in tests share it.
let cached: Promise<MobileWalletBundle> | undefined

/**
 * The page's script: `app.ts` with `@walletconnect/sign-client` and viem, bundled for the
 * browser by esbuild on first use (about 0.4 s, about 500 KB minified) and kept in memory.
 */
export function mobileWalletBundle(): Promise<MobileWalletBundle> {
  cached ??= build()
  cached.catch(() => {
    cached = undefined
  })
  return cached
}

async function build(): Promise<MobileWalletBundle> {
  const started = performance.now()
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    // Resolved here, not at import: under a DOM test environment import.meta.url is no file URL.
    entryPoints: [fileURLToPath(new URL('./app.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no mobile wallet bundle')
  return {
    code: output.text,
    bytes: output.contents.byteLength,
    buildMs: Math.round(performance.now() - started),
  }
}
