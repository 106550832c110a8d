// `pnpm check:packages`: the published packages, built, are what a user should install.
// - publint (package.json fields and files) and Are The Types Wrong (types resolve for ESM and CJS
//   users under Node 16+ and bundlers);
// - every file of a build is reachable from an entry (no dead chunks), and every source map points
//   into the package's own `src/` (nothing of a sibling package or of node_modules bundled in);
// - react and ui-kit mark every file `'use client'` (React Server Components);
// - the packed tarballs stay under a ceiling, and their sizes are printed.
// Expects `pnpm build` to have run; `node scripts/check-packages.mjs <folder…>` checks only those.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DIRECTIVE } from './build/useClient.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

/**
 * Packed size ceilings (bytes): far above today's, far below a build that bundles its deps (viem
 * alone would add several MB). Core carries the Solana and Bitcoin entries and the lazy halves of
 * its features, two thirds of it source maps: 1.36 MB packed, 1.63 MB since the app's own calls
 * (issue 29) and the checks of what the network says (issue 34).
 */
const CEILINGS = {
  core: 2_000_000,
  react: 100_000,
  'ui-kit': 600_000,
  wagmi: 100_000,
  // The sign-in server: its own code only (viem, jose, redis, @solana/kit stay dependencies).
  server: 300_000,
}
/** `node scripts/check-packages.mjs server` checks some packages only (all by default). */
const FOLDERS = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(CEILINGS)
const CLIENT_PACKAGES = new Set(['react', 'ui-kit'])

let failed = false
const fail = (message) => {
  failed = true
  console.log(`✗ ${message}`)
}

/** The relative files a built file loads: static and dynamic imports, requires. */
function relativeImports(code) {
  const out = new Set()
  const patterns = [
    /\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g,
    /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
    /\bimport\s*["'](\.{1,2}\/[^"']+)["']/g,
    /\brequire\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
  ]
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) out.add(match[1])
  return out
}

/** Every file of `dist`, its folders' included, as a path relative to it. */
const distFiles = (dist) => readdirSync(dist, { recursive: true }).map(String)

/** Files of `dist` no entry reaches. */
function deadFiles(dist, entries) {
  const seen = new Set()
  const queue = entries.filter((entry) => distFiles(dist).includes(entry))
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(dist, file), 'utf8')
    for (const specifier of relativeImports(code)) {
      const target = join(dirname(file), specifier).replace(/^\.\//, '')
      if (!seen.has(target)) queue.push(target)
    }
  }
  return distFiles(dist).filter((name) => /\.(c|m)?js$/.test(name) && !seen.has(name))
}

/** Entry files of a package: every `import`/`require` default of its published exports. */
function entryFiles(pkg) {
  const exports = pkg.publishConfig?.exports ?? pkg.exports
  const out = []
  for (const value of Object.values(exports)) {
    for (const kind of ['import', 'require']) {
      const target = value?.[kind]?.default
      if (typeof target === 'string') out.push(target.replace(/^\.\/dist\//, ''))
    }
  }
  return out
}

const packDir = mkdtempSync(join(tmpdir(), 'portico-pack-'))
const sizes = []
try {
  for (const folder of FOLDERS) {
    const cwd = join(root, folder)
    const dist = join(cwd, 'dist')
    const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'))
    for (const [tool, args] of [
      ['publint', ['--strict', '.']],
      // Subpath exports need Node 16 resolution or a bundler; node10 cannot see them by design.
      [
        'attw',
        [
          '--pack',
          '.',
          '--profile',
          'node16',
          '--format',
          'table-flipped',
          '--exclude-entrypoints',
          './styles.css',
        ],
      ],
    ]) {
      const result = spawnSync(bin(tool), args, { cwd, encoding: 'utf8' })
      if (result.status === 0) console.log(`✓ ${tool} ${folder}`)
      else fail(`${tool} ${folder}\n${result.stdout}${result.stderr}`)
    }

    const dead = deadFiles(dist, entryFiles(pkg))
    if (dead.length === 0) console.log(`✓ ${folder}: every built file is reachable from an entry`)
    else fail(`${folder}: files no entry loads: ${dead.join(', ')}`)

    const foreign = new Set()
    const src = join(cwd, 'src')
    for (const name of distFiles(dist).filter((n) => n.endsWith('.map'))) {
      const map = JSON.parse(readFileSync(join(dist, name), 'utf8'))
      // A source's path is relative to its map (which may sit in a folder of dist).
      for (const source of map.sources) {
        if (!join(dist, dirname(name), source).startsWith(`${src}/`)) foreign.add(source)
      }
    }
    if (foreign.size === 0) console.log(`✓ ${folder}: only its own sources are bundled`)
    else fail(`${folder}: bundles code from outside its src/: ${[...foreign].join(', ')}`)

    if (CLIENT_PACKAGES.has(folder)) {
      const unmarked = distFiles(dist).filter(
        (name) =>
          /\.(c|m)?js$/.test(name) && !readFileSync(join(dist, name), 'utf8').startsWith(DIRECTIVE),
      )
      if (unmarked.length === 0) console.log(`✓ ${folder}: every file starts with 'use client'`)
      else fail(`${folder}: files without 'use client': ${unmarked.join(', ')}`)
    }

    const packed = spawnSync('pnpm', ['pack', '--pack-destination', packDir], {
      cwd,
      encoding: 'utf8',
    })
    const tarball = readdirSync(packDir).find((name) =>
      name.startsWith(`${pkg.name.replace('@', '').replace('/', '-')}-`),
    )
    if (packed.status !== 0 || !tarball) {
      fail(`pnpm pack ${folder}\n${packed.stdout}${packed.stderr}`)
      continue
    }
    const bytes = statSync(join(packDir, tarball)).size
    sizes.push({ name: pkg.name, bytes })
    if (bytes > CEILINGS[folder]) {
      fail(`${pkg.name} packs to ${bytes} bytes, over its ceiling of ${CEILINGS[folder]}`)
    }
  }
} finally {
  rmSync(packDir, { recursive: true, force: true })
}
console.log('\nTarballs (packed, what `npm install` downloads):')
for (const { name, bytes } of sizes) {
  console.log(`  ${name.padEnd(18)}${(bytes / 1024).toFixed(1).padStart(8)} KiB`)
}
if (failed) process.exit(1)
