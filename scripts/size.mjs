// `pnpm size`: builds the packages, bundles each public entry as an app would (minified, gzip) and
// fails when one is over its budget. Prints a table.
import { spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const KiB = 1024

// Not counted: the app's own React and the libraries an app already has for any wallet SDK.
const shared = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'viem',
  'nanostores',
  '@nanostores/react',
]

const entries = [
  {
    name: '@portico/core (whole entry)',
    code: `export * from '${root}/core/dist/index.js'`,
    external: [...shared, 'viem/*'],
    budget: 10 * KiB,
  },
  {
    name: '@portico/react (whole entry)',
    code: `export * from '${root}/react/dist/index.js'`,
    external: [...shared, '@portico/core'],
    budget: 4 * KiB,
  },
  {
    name: '@portico/ui-kit (whole entry)',
    code: `export * from '${root}/ui-kit/dist/index.js'`,
    external: [...shared, '@portico/core', '@portico/react'],
    budget: 8 * KiB,
  },
]

// What a page with a connect button downloads before the modal opens, React included, to compare
// with the peers (AppKit 637 KiB, RainbowKit 415 KiB, ConnectKit 611 KiB; TOOLCHAIN.md).
const app = {
  name: 'app: React + Portico modal, initial load',
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
  budget: 120 * KiB,
}

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
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    // Resolve packages from a workspace package that depends on react, viem and nanostores.
    nodePaths: [resolve(root, 'ui-kit/node_modules'), resolve(root, 'core/node_modules')],
  })
  const bytes = result.outputFiles.reduce((sum, file) => sum + file.contents.length, 0)
  const gzip = result.outputFiles.reduce(
    (sum, file) => sum + gzipSync(file.contents, { level: 9 }).length,
    0,
  )
  return { bytes, gzip }
}

const kib = (n) => `${(n / KiB).toFixed(2)} KiB`

buildPackages()
const rows = []
let failed = false
for (const entry of [...entries, app]) {
  const { bytes, gzip } = await measure(entry)
  const ok = gzip <= entry.budget
  failed ||= !ok
  rows.push([entry.name, kib(bytes), kib(gzip), kib(entry.budget), ok ? 'ok' : 'OVER'])
}

const header = ['entry', 'minified', 'gzip', 'budget (gzip)', '']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
console.log(line(header))
console.log(widths.map((w) => '─'.repeat(w)).join('  '))
for (const row of rows) console.log(line(row))
if (failed) {
  console.error('\nsize: an entry is over its budget')
  process.exit(1)
}
