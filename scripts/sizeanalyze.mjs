// Per-source-file analysis of the modal example's initial chunk (not part of `pnpm size`).
import { resolve } from 'node:path'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..')
const code = `
      import { createPortico } from '${root}/core/src/index.ts'
      import { PorticoProvider } from '${root}/react/src/index.ts'
      import { Modal, ModalTrigger } from '${root}/ui-kit/src/index.ts'
      import { createElement } from 'react'
      import { createRoot } from 'react-dom/client'
      const client = createPortico({ projectId: 'p', networks: [] })
      createRoot(document.body).render(
        createElement(PorticoProvider, { client }, createElement(ModalTrigger), createElement(Modal)),
      )`
const result = await build({
  stdin: { contents: code, resolveDir: root, loader: 'js', sourcefile: 'entry.js' },
  bundle: true,
  splitting: true,
  outdir: '/tmp/.sz',
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  conditions: ['source'],
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  logLevel: 'silent',
  nodePaths: [resolve(root, 'ui-kit/node_modules'), resolve(root, 'core/node_modules')],
})
const outputs = result.metafile.outputs
const entry = Object.keys(outputs).find((p) => outputs[p].entryPoint === 'entry.js')
const initial = new Set()
const visit = (p) => {
  if (initial.has(p)) return
  initial.add(p)
  for (const i of outputs[p].imports)
    if (i.kind === 'import-statement' && !i.external) visit(i.path)
}
visit(entry)
const { gzipSync } = await import('node:zlib')
let gz = 0
for (const f of result.outputFiles)
  if (
    initial.has(f.path.slice(root.length + 1)) ||
    [...initial].some((p) => f.path.endsWith(p.replace(/^.*\.sz\//, '/')))
  )
    gz += gzipSync(f.contents, { level: 9 }).length
console.log(`initial chunks: ${initial.size}, gzip ${(gz / 1024).toFixed(2)} KiB`)
const by = new Map()
for (const p of initial)
  for (const [input, v] of Object.entries(outputs[p].inputs))
    by.set(input, (by.get(input) ?? 0) + v.bytesInOutput)
const rows = [...by].sort((a, b) => b[1] - a[1])
const group = new Map()
for (const [k, v] of rows) {
  const g = k.includes('node_modules')
    ? k.replace(/.*node_modules\/(@[^/]+\/[^/]+|[^/]+).*/, '$1')
    : k.split('/').slice(0, 2).join('/')
  group.set(g, (group.get(g) ?? 0) + v)
}
console.log(
  [...group]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${(v / 1024).toFixed(1)}K ${k}`)
    .join('\n'),
)
console.log('--- top inputs')
console.log(
  rows
    .filter(([k]) => !k.includes('node_modules'))
    .slice(0, Number(process.argv[2] ?? 50))
    .map(([k, v]) => `${(v / 1024).toFixed(2)}K ${k}`)
    .join('\n'),
)
