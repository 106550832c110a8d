import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'esbuild'

export type BrowserBundle = {
  code: string
  bytes: number
  /** How long esbuild took, in milliseconds. */
  buildMs: number
  /** The source files that put code in the bundle (paths from the working directory). */
  inputs: string[]
}

/**
 * A page's script: `entry` bundled for the browser by esbuild on first use and kept in memory.
 * One build per process: the scripts read their configuration from their page, so devnets
 * started side by side share them. A failed build is tried again on the next call.
 */
export function browserBundle(
  name: string,
  // A URL rather than a path: under a DOM test environment import.meta.url is no file URL, so
  // the path is made only when the bundle is built.
  entry: () => URL,
  options: { workspaceSources?: boolean } = {},
): () => Promise<BrowserBundle> {
  let cached: Promise<BrowserBundle> | undefined
  const build = async (): Promise<BrowserBundle> => {
    const started = performance.now()
    const esbuild = await import('esbuild')
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(entry())],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
      metafile: true,
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
      ...(options.workspaceSources ? { plugins: [workspaceSources] } : {}),
    })
    const output = result.outputFiles[0]
    if (!output) throw new Error(`esbuild produced no ${name} bundle`)
    const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {}
    return {
      code: output.text,
      bytes: output.contents.byteLength,
      buildMs: Math.round(performance.now() - started),
      inputs: Object.entries(inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    }
  }
  return () => {
    cached ??= build()
    cached.catch(() => {
      cached = undefined
    })
    return cached
  }
}

/**
 * The TypeScript source of a `@portico/*` import (its package's `source` export) when it is on
 * disk, as under Vite and vitest; undefined otherwise: a package installed from its tarball has
 * no sources (the devnet installed in an app), and it then resolves to its build as usual. Only
 * `@portico/*`: some other packages publish a `source` condition too, which would swap their
 * builds for their sources. Never throws.
 */
export function workspaceSourceOf(specifier: string, fromDir: string): string | undefined {
  if (!specifier.startsWith('@portico/')) return undefined
  try {
    const [scope, name, ...rest] = specifier.split('/')
    const manifest = createRequire(join(fromDir, 'index.js')).resolve(
      `${scope}/${name}/package.json`,
    )
    const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports as Record<
      string,
      { source?: string } | undefined
    >
    const source = exports[rest.length > 0 ? `./${rest.join('/')}` : '.']?.source
    if (!source) return undefined
    const file = resolve(dirname(manifest), source)
    return existsSync(file) ? file : undefined
  } catch {
    return undefined
  }
}

/** `workspaceSourceOf` for esbuild. */
export const workspaceSources: Plugin = {
  name: 'portico-workspace-sources',
  setup(build) {
    build.onResolve({ filter: /^@portico\// }, ({ path, resolveDir }) => {
      const file = workspaceSourceOf(path, resolveDir)
      return file ? { path: file } : undefined
    })
  },
}
