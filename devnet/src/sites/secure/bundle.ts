import { fileURLToPath } from 'node:url'

export type FrameBundle = { code: string; bytes: number; buildMs: number }

// One build per process: the script does not depend on the devnet (its configuration is in the
// page), so devnets started side by side in tests share it.
let cached: Promise<FrameBundle> | undefined

/**
 * The frame's script (`frame/app.ts` with viem's key and signing code), bundled for the browser
 * by esbuild on first request and kept in memory.
 */
export function secureFrameBundle(): Promise<FrameBundle> {
  cached ??= build()
  cached.catch(() => {
    cached = undefined
  })
  return cached
}

async function build(): Promise<FrameBundle> {
  const started = performance.now()
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    // Resolved here, not at import: under a DOM test environment import.meta.url is no file URL.
    entryPoints: [fileURLToPath(new URL('./frame/app.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    // The protocol comes from `@portico/core/internal`: its TypeScript sources, tree-shaken
    // (core declares `sideEffects: false`) to the protocol module alone.
    conditions: ['source'],
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no secure frame bundle')
  return {
    code: output.text,
    bytes: output.contents.byteLength,
    buildMs: Math.round(performance.now() - started),
  }
}
