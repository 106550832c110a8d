// The two builds `pnpm size` measures: esbuild with code splitting (as an app bundled with esbuild
// is) and Vite 8 (Rolldown, as examples/modal and most apps are built). Each returns its output
// files, which of them the page loads first, and (esbuild) what each file holds.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const gzipSize = (contents) => gzipSync(contents, { level: 9 }).length

/**
 * Bundles `code` with esbuild, splitting at every import() like a real app build. With `source`,
 * workspace packages resolve to their TypeScript (no package build needed: for quick checks).
 * `outdir` keeps the files on disk (with an index.html) for the browser measurement.
 */
export async function esbuildApp({ code, external = [], source = false, outdir }) {
  const out = outdir ?? resolve(root, '.size-out')
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    splitting: true,
    outdir: out,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    external,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
    ...(source ? { conditions: ['source'], jsx: 'automatic', loader: { '.css': 'empty' } } : {}),
    // Resolve packages from workspace packages that depend on react, viem and WalletConnect.
    nodePaths: [resolve(root, 'ui-kit/node_modules'), resolve(root, 'core/node_modules')],
  })
  const outputs = result.metafile.outputs
  const files = new Map()
  for (const file of result.outputFiles) {
    const path = relative(root, file.path)
    if (!path.endsWith('.js')) continue
    files.set(path, {
      contents: file.contents,
      imports: outputs[path].imports.filter((i) => !i.external),
      inputs: outputs[path].inputs,
    })
  }
  // The entry itself (stdin, named entry.js): dynamic import() targets are entry points too.
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint === 'entry.js')
  const initial = new Set()
  const visit = (path) => {
    if (initial.has(path)) return
    initial.add(path)
    for (const imported of files.get(path).imports) {
      if (imported.kind === 'import-statement') visit(imported.path)
    }
  }
  visit(entry)
  if (outdir) {
    rmSync(out, { recursive: true, force: true })
    mkdirSync(out, { recursive: true })
    for (const [path, file] of files) writeFileSync(join(root, path), file.contents)
    writeFileSync(
      join(out, 'index.html'),
      `<!doctype html><html><body><script type="module" src="./${relative(out, join(root, entry))}"></script></body></html>`,
    )
  }
  return { files, initial, entry }
}

/**
 * Builds `code` as the main script of a Vite app in the modal example's folder, so that it
 * resolves the workspace packages (their built dist) and React as that example does. The first
 * load is the entry script and every chunk the built page preloads. With `keep`, the build stays
 * in `outDir` for the browser measurement.
 */
export async function viteApp({ code, outDir: keepIn }) {
  const app = join(root, 'examples/modal/.size-app')
  rmSync(app, { recursive: true, force: true })
  mkdirSync(app, { recursive: true })
  try {
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
    )
    writeFileSync(join(app, 'main.js'), code)
    const require = createRequire(join(root, 'examples/modal/package.json'))
    const vite = await import(require.resolve('vite'))
    const outDir = keepIn ?? join(app, 'dist')
    await vite.build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
    })
    const html = readFileSync(join(outDir, 'index.html'), 'utf8')
    const scripts = new Set(
      [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
    )
    const files = new Map()
    for (const name of readdirSync(join(outDir, 'assets')).filter((n) => n.endsWith('.js'))) {
      files.set(`assets/${name}`, { contents: readFileSync(join(outDir, 'assets', name)) })
    }
    return { files, initial: scripts }
  } finally {
    rmSync(app, { recursive: true, force: true })
  }
}

/** gzip of the first load and of the rest, with the number of files of each. */
export function weigh({ files, initial }) {
  let first = 0
  let firstRaw = 0
  let lazy = 0
  let lazyFiles = 0
  for (const [path, file] of files) {
    if (initial.has(path)) {
      first += gzipSize(file.contents)
      firstRaw += file.contents.length
    } else {
      lazy += gzipSize(file.contents)
      lazyFiles++
    }
  }
  return { first, firstRaw, firstFiles: initial.size, lazy, lazyFiles }
}
