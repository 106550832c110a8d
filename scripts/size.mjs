// `pnpm size`: builds the packages, bundles each public entry as an app would (minified, gzip,
// code-split like a real app bundler) and fails when one is over its budget. Prints a table.
//
// "initial" is what loads with the entry (its chunk and everything it imports statically);
// "lazy" is every chunk reached only through dynamic import() (WalletConnect, the EVM adapter…).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const KiB = 1024

// Not counted in the package budgets: the app's own React and the libraries an app already has.
const shared = ['react', 'react-dom', 'react/jsx-runtime', 'nanostores', '@nanostores/react']

const entries = [
  {
    name: '@portico/core',
    code: `export * from '${root}/core/dist/index.js'`,
    external: [...shared, 'viem', 'viem/*'],
    // 8.5 KiB was the kernel (options, modal, toast, theme, storage); connection, networks,
    // balances, the wallet list and the WalletConnect glue brought it to ~21 KiB; send, history
    // and names to ~25.5 KiB. Chain adapters and WalletConnect stay out (lazy).
    // The reliability work (races, hostile input, telemetry) brought it to 30.6 KiB; the heavy
    // halves of send, history, names, wallets, telemetry, balances and WalletConnect's provider
    // moved behind import() (~27 KiB). The shells of sign-in, swaps, the on-ramp, the email wallet
    // and the per-namespace connection brought it to 36.5 KiB. This budget only stops further
    // growth: the shells of features an app did not configure should cost nothing (next step).
    // The connection's wallet half and WalletConnect's links and methods moved behind import():
    // 34.98 KiB, budget that + 0.2 KiB.
    budget: { initial: 35.2 * KiB },
  },
  {
    name: '@portico/react',
    code: `export * from '${root}/react/dist/index.js'`,
    external: [...shared, '@portico/core'],
    // 3.29 KiB since the ES build ships one file per module (was 3.0 bundled): each module keeps
    // its own import lines of React and nanostores, which this row leaves outside. In an app, where
    // they are bundled, those lines vanish (see the app rows).
    budget: { initial: 3.3 * KiB },
  },
  {
    name: '@portico/ui-kit',
    code: `export * from '${root}/ui-kit/dist/index.js'`,
    external: [...shared, '@portico/core', '@portico/react'],
    // Every view of the modal; the QR encoder is lazy. The English texts beyond the trigger
    // buttons' load with the dialog: 10.52 → 8.22 KiB.
    budget: { initial: 8.4 * KiB },
  },
  {
    // What a page with a connect button downloads before the modal opens, React included, to
    // compare with the peers (AppKit 637 KiB, RainbowKit 415 KiB, ConnectKit 611 KiB gzip).
    name: 'app: React + modal (initial load)',
    code: `
      import { createPortico } from '${root}/core/dist/index.js'
      import { PorticoProvider } from '${root}/react/dist/index.js'
      import { Modal, ModalTrigger } from '${root}/ui-kit/dist/index.js'
      import { createElement } from 'react'
      import { createRoot } from 'react-dom/client'
      const client = createPortico({ projectId: 'p', networks: [] })
      createRoot(document.body).render(
        createElement(PorticoProvider, { client }, createElement(ModalTrigger), createElement(Modal)),
      )`,
    external: [],
    // The goal is 104 KiB (what it was before the reliability work and the five new features). It
    // is 117 KiB now, the features' shells (stores, option checks, action stubs) being in the
    // default client; this budget only stops further growth until they load from their options.
    // The lazy halves of connection, siwx, telemetry, identity and cookie storage brought it to
    // 114.7 KiB. (Loading the modal's English texts with its first view took 1.4 KiB more off but
    // made the first open ~100 ms slower under `pnpm bench`; reverted until that is understood.)
    // One file per module in the packages' ES build (scripts/build/moduleEntries.mjs): 114.3 KiB.
    // The modal's dialog loading with the first view: 114.4 here (esbuild's splitting gives the
    // code the page shares with it one more chunk), 0.7 KiB less under Vite (below).
    // The kit's English with the dialog, the API requests, the recent wallets' and deep-link
    // checks and the history's display rules lazy: 112.1 KiB (104.2 at d143e48). esbuild puts in
    // the first load the code of lazy chunks that the page can reach through an index's
    // re-exports (the public API), and cuts the rest into one small file per set of chunks
    // sharing it (5 KiB of the 112 is that: gzipped as one file it is 106.9). Vite (below) does
    // neither; this row only stops further growth.
    budget: { initial: 112.3 * KiB },
  },
  {
    // The same page built by Vite 8 (Rolldown), as examples/modal and most apps are built. esbuild's
    // splitting (above) cuts the initial code into one chunk per set of lazy modules that share it
    // (18 files, each gzipped alone, which compresses worse); Rolldown groups what the page loads first
    // into fewer files (8 here against esbuild's 18). Measured the same way at the start of the
    // architecture work (d143e48): 100.4 KiB, the goal; 111.6 KiB before the lazy halves above,
    // 109.0 KiB after. One file per module in the packages' ES build instead of bundled chunks
    // (Rolldown can leave out or split a module, never part of a file): 109.25 → 104.92 KiB.
    // The modal's dialog (markup, header, focus trap) loading with the first view: 104.20 KiB.
    // The kit's English with the dialog (101.74), the API requests (101.18), the history's display
    // rules (100.96) and the wallet-link checks (100.35) lazy. The budget is the goal: 100.40 KiB,
    // this page at d143e48 measured the same way (this script, this Vite) before the reliability
    // work and the five features after it. It must not grow.
    name: 'app: React + modal (initial load, Vite)',
    vite: `
      import { createPortico } from '@portico/core'
      import { PorticoProvider } from '@portico/react'
      import { Modal, ModalTrigger } from '@portico/ui-kit'
      import { createElement } from 'react'
      import { createRoot } from 'react-dom/client'
      const client = createPortico({ projectId: 'p', networks: [] })
      createRoot(document.body).render(
        createElement(PorticoProvider, { client }, createElement(ModalTrigger), createElement(Modal)),
      )`,
    budget: { initial: 100.4 * KiB },
  },
]

function buildPackages() {
  const result = spawnSync('pnpm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (result.status !== 0) {
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    console.error('size: the package build failed')
    process.exit(1)
  }
}

async function measure({ code, external }) {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    splitting: true,
    outdir: resolve(root, '.size-out'),
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    external,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
    // Resolve packages from workspace packages that depend on react, viem and WalletConnect.
    nodePaths: [resolve(root, 'ui-kit/node_modules'), resolve(root, 'core/node_modules')],
  })
  const gzipOf = new Map(
    result.outputFiles.map((file) => [
      file.path.slice(root.length + 1),
      { raw: file.contents.length, gzip: gzipSync(file.contents, { level: 9 }).length },
    ]),
  )
  const outputs = result.metafile.outputs
  // The entry itself (stdin, named entry.js): dynamic import() targets are entry points too.
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint === 'entry.js')
  const initial = new Set()
  const visit = (path) => {
    if (initial.has(path)) return
    initial.add(path)
    for (const imported of outputs[path].imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
    }
  }
  visit(entry)
  const sum = (paths, key) =>
    paths.reduce((total, path) => total + (gzipOf.get(path)?.[key] ?? 0), 0)
  const all = Object.keys(outputs).filter((path) => path.endsWith('.js'))
  const lazy = all.filter((path) => !initial.has(path))
  return {
    initialRaw: sum([...initial], 'raw'),
    initial: sum([...initial], 'gzip'),
    lazy: sum(lazy, 'gzip'),
    lazyChunks: lazy.length,
  }
}

// A Vite app in the modal example's folder, so that it resolves the workspace packages (their
// built dist) and React as that example does. The initial load is the entry script and every
// chunk the built page preloads.
async function measureWithVite({ vite: code }) {
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
    const outDir = join(app, 'dist')
    await vite.build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
    })
    const html = readFileSync(join(outDir, 'index.html'), 'utf8')
    const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])
    const all = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'))
    const sizes = (names) =>
      names.map((name) => readFileSync(join(outDir, 'assets', name.replace(/^assets\//, ''))))
    const initialFiles = sizes(scripts)
    const lazyFiles = sizes(all.filter((name) => !scripts.includes(`assets/${name}`)))
    const gzip = (files) => files.reduce((t, f) => t + gzipSync(f, { level: 9 }).length, 0)
    return {
      initialRaw: initialFiles.reduce((t, f) => t + f.length, 0),
      initial: gzip(initialFiles),
      lazy: gzip(lazyFiles),
      lazyChunks: lazyFiles.length,
    }
  } finally {
    rmSync(app, { recursive: true, force: true })
  }
}

const kib = (n) => `${(n / KiB).toFixed(2)} KiB`

buildPackages()
const rows = []
let failed = false
for (const entry of entries) {
  const size = entry.vite ? await measureWithVite(entry) : await measure(entry)
  const ok = size.initial <= entry.budget.initial
  failed ||= !ok
  rows.push([
    entry.name,
    kib(size.initialRaw),
    kib(size.initial),
    kib(entry.budget.initial),
    `${kib(size.lazy)} (${size.lazyChunks})`,
    ok ? 'ok' : 'OVER',
  ])
}

const header = ['entry', 'initial min', 'initial gzip', 'budget gzip', 'lazy gzip (chunks)', '']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
console.log(line(header))
console.log(widths.map((w) => '─'.repeat(w)).join('  '))
for (const row of rows) console.log(line(row))
if (failed) {
  console.error('\nsize: an entry is over its initial-load budget')
  process.exit(1)
}
