// `pnpm check:install`: a new user's first install, outside this repository. The packages are
// packed as npm would publish them, then installed into a fresh Vite app (with npm, engine-strict)
// and a fresh Next.js app router app (with pnpm, strict: `hoist: false`), both holding the
// README's own snippets (the code blocks marked `<!-- file: vite/… -->` and `<!-- file: next/… -->`),
// and both are built: `tsc -b && vite build` as create-vite does, `next build` (Turbopack, as
// create-next-app does). The Vite app also installs `@portico/wagmi` with wagmi and
// @tanstack/react-query (the versions the workspace pins) and builds a second page, `wagmi.html`,
// from wagmi/README.md's own `vite/…` snippets (`createPorticoWagmiConfig`, `porticoConnector`).
// Each catches a friction a user met:
// - no `'use client'`: `next build` fails with "createContext is not a function";
// - a default export the README forgot: create-vite's main.tsx does not compile;
// - a dependency that wants Node 22 (e.g. commander@15 through @solana/kit): engine-strict fails;
// - ui-kit's types not finding @portico/core under strict pnpm: `next build` type-checks;
// - `viem/chains` networks rejected by the types: the snippets pass them.
// Offline-safe: the apps pin the workspace's own versions, and both package managers prefer their
// caches (`--prefer-offline`); only what was never fetched comes from the npm registry.
// `@portico/server` goes into a fresh Node app (npm) whose server.mjs is server/README.md's own,
// started and asked for a nonce (`--server-only`: that part alone).
// Expects `pnpm build` to have run. PORTICO_KEEP_APPS=1 keeps the apps (their folder is printed).
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const PACKAGES = ['core', 'react', 'ui-kit', 'wagmi']
/** The packages only the Vite app installs (its wagmi page); the Next.js app has the others. */
const VITE_ONLY = ['@portico/wagmi']

/** The version a workspace package.json pins for `name` (so the fresh apps match this repo). */
function pinned(name) {
  for (const file of [
    'package.json',
    'examples/modal/package.json',
    'examples/nextjs/package.json',
    'examples/dapp/package.json', // wagmi, @tanstack/react-query
    'wagmi/package.json',
  ]) {
    const pkg = JSON.parse(readFileSync(join(root, file), 'utf8'))
    const version = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name]
    if (version && !version.startsWith('workspace:')) return version
  }
  throw new Error(`no pinned version of ${name} in the workspace`)
}

/**
 * The README's marked snippets: `<!-- file: <app>/<path> -->` right before a fenced block.
 * Returns `{ app, path, code }` for each; the README must hold the ones the apps need.
 */
export function readmeSnippets(markdown) {
  const snippets = []
  const pattern = /<!-- file: (\w+)\/([\w./-]+) -->\n```\w*\n([\s\S]*?)\n```/g
  for (const match of markdown.matchAll(pattern)) {
    snippets.push({ app: match[1], path: match[2], code: `${match[3]}\n` })
  }
  return snippets
}

function run(title, command, args, cwd, env = {}) {
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: '1', ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✗ ${title} (${seconds} s)\n${result.stdout}\n${result.stderr}`)
    throw new Error(`${title} failed`)
  }
  console.log(`✓ ${title} (${seconds} s)`)
  return `${result.stdout}\n${result.stderr}`
}

function write(dir, files) {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(
      file,
      typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
    )
  }
}

/**
 * The README's install line: it must name the three packages and viem (their peer), and the
 * fresh apps install exactly what it names.
 */
function readmeInstall() {
  const line = /^npm install (@portico\/[^\n]+)$/m.exec(
    readFileSync(join(root, 'README.md'), 'utf8'),
  )
  if (!line) throw new Error('README.md has no `npm install @portico/…` line')
  const names = line[1].trim().split(/\s+/)
  const expected = ['@portico/core', '@portico/react', '@portico/ui-kit', 'viem']
  const missing = expected.filter((name) => !names.includes(name))
  if (missing.length > 0) throw new Error(`README's install line misses ${missing.join(', ')}`)
  return names
}

/**
 * wagmi/README.md's install line: the Portico packages, `@portico/wagmi` and its peers (wagmi,
 * @tanstack/react-query, viem).
 */
function wagmiReadmeInstall() {
  const line = /^npm install (@portico\/[^\n]+)$/m.exec(
    readFileSync(join(root, 'wagmi', 'README.md'), 'utf8'),
  )
  if (!line) throw new Error('wagmi/README.md has no `npm install @portico/…` line')
  const names = line[1].trim().split(/\s+/)
  const expected = [...readmeInstall(), '@portico/wagmi', 'wagmi', '@tanstack/react-query']
  const missing = expected.filter((name) => !names.includes(name))
  if (missing.length > 0)
    throw new Error(`wagmi/README's install line misses ${missing.join(', ')}`)
  return names
}

/** The snippets of one app, checked: each file the app needs is in the README (`readme`). */
function snippetsFor(app, required, readme = 'README.md') {
  const snippets = readmeSnippets(readFileSync(join(root, readme), 'utf8')).filter(
    (snippet) => snippet.app === app,
  )
  const paths = snippets.map((snippet) => snippet.path)
  const missing = required.filter((path) => !paths.includes(path))
  if (missing.length > 0)
    throw new Error(`${readme} has no ${app} snippet for ${missing.join(', ')}`)
  return Object.fromEntries(snippets.map((snippet) => [snippet.path, snippet.code]))
}

/**
 * The Vite app's second page: wagmi/README.md's app (`src/WagmiApp.tsx`, a default export) in a
 * page of its own, and its config of one's own (`src/wagmiConfig.ts`, `porticoConnector`) bundled
 * with it, so that `vite build` bundles @portico/wagmi and wagmi, not only `tsc -b`.
 */
const WAGMI_PAGE = {
  'wagmi.html':
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>fresh wagmi</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/wagmiMain.tsx"></script>\n  </body>\n</html>\n',
  'src/wagmiMain.tsx':
    "import { StrictMode } from 'react'\nimport { createRoot } from 'react-dom/client'\nimport './index.css'\nimport WagmiApp from './WagmiApp.tsx'\nimport './wagmiConfig.ts'\n\ncreateRoot(document.getElementById('root')!).render(\n  <StrictMode>\n    <WagmiApp />\n  </StrictMode>,\n)\n",
}

/** A fresh create-vite `react-ts` app (its files as create-vite 9 writes them, trimmed). */
function viteApp(tarballs) {
  const portico = Object.fromEntries(
    Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
  )
  return {
    'package.json': {
      name: 'fresh-vite-app',
      private: true,
      version: '0.0.0',
      type: 'module',
      scripts: { build: 'tsc -b && vite build' },
      dependencies: {
        ...portico,
        '@tanstack/react-query': pinned('@tanstack/react-query'),
        react: pinned('react'),
        'react-dom': pinned('react-dom'),
        viem: pinned('viem'),
        wagmi: pinned('wagmi'),
      },
      devDependencies: {
        '@types/react': pinned('@types/react'),
        '@types/react-dom': pinned('@types/react-dom'),
        '@vitejs/plugin-react': pinned('@vitejs/plugin-react'),
        typescript: pinned('typescript'),
        vite: pinned('vite'),
      },
      // ui-kit's dependency on core (a version) is the tarball too, not the registry.
      overrides: Object.fromEntries(Object.keys(tarballs).map((name) => [name, `$${name}`])),
    },
    'index.html':
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>fresh</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
    // Two pages (Vite's multi-page build): create-vite's index.html and the wagmi page.
    'vite.config.ts':
      "import react from '@vitejs/plugin-react'\nimport { defineConfig } from 'vite'\n\nconst page = (file: string) => new URL(file, import.meta.url).pathname\n\nexport default defineConfig({\n  plugins: [react()],\n  build: { rolldownOptions: { input: { index: page('index.html'), wagmi: page('wagmi.html') } } },\n})\n",
    // create-vite's main.tsx: a default import of App.
    'src/main.tsx':
      "import { StrictMode } from 'react'\nimport { createRoot } from 'react-dom/client'\nimport './index.css'\nimport App from './App.tsx'\n\ncreateRoot(document.getElementById('root')!).render(\n  <StrictMode>\n    <App />\n  </StrictMode>,\n)\n",
    'src/index.css':
      ':root { color-scheme: light dark; color: rgba(255, 255, 255, 0.87); background-color: #242424; }\n',
    'tsconfig.json': { files: [], references: [{ path: './tsconfig.app.json' }] },
    'tsconfig.app.json': {
      compilerOptions: {
        tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
        target: 'ES2022',
        useDefineForClassFields: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        types: ['vite/client'],
        skipLibCheck: true,
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        moduleDetection: 'force',
        noEmit: true,
        jsx: 'react-jsx',
        strict: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        noFallthroughCasesInSwitch: true,
        noUncheckedSideEffectImports: true,
      },
      include: ['src'],
    },
  }
}

/** A fresh create-next-app app router app (TypeScript, no Tailwind, no src folder). */
function nextApp(tarballs) {
  const portico = Object.fromEntries(
    Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
  )
  return {
    'package.json': {
      name: 'fresh-next-app',
      private: true,
      version: '0.1.0',
      scripts: { build: 'next build' },
      dependencies: {
        ...portico,
        next: pinned('next'),
        react: pinned('react'),
        'react-dom': pinned('react-dom'),
        viem: pinned('viem'),
      },
      devDependencies: {
        '@types/node': pinned('@types/node'),
        '@types/react': pinned('@types/react'),
        '@types/react-dom': pinned('@types/react-dom'),
        typescript: pinned('typescript'),
      },
    },
    // Strict pnpm: nothing hoisted, so a package sees only what it declares.
    'pnpm-workspace.yaml': [
      'hoist: false',
      'engineStrict: true',
      'overrides:',
      ...Object.entries(tarballs).map(([name, file]) => `  '${name}': 'file:${file}'`),
      'allowBuilds:',
      '  sharp: false',
      '  unrs-resolver: false',
      '',
    ].join('\n'),
    'next.config.ts':
      "import type { NextConfig } from 'next'\n\nconst nextConfig: NextConfig = {}\n\nexport default nextConfig\n",
    'tsconfig.json': {
      compilerOptions: {
        target: 'ES2017',
        lib: ['dom', 'dom.iterable', 'esnext'],
        allowJs: true,
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        esModuleInterop: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: 'react-jsx',
        incremental: true,
        plugins: [{ name: 'next' }],
        paths: { '@/*': ['./*'] },
      },
      include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
      exclude: ['node_modules'],
    },
  }
}

/** How long the fresh server app may take to print that it listens. */
const SERVER_START_TIMEOUT_MS = 30_000

/** Packs a workspace package into `packDir` and checks what a user would download. */
function packChecked(folder, packDir) {
  const cwd = join(root, folder)
  if (!existsSync(join(cwd, 'dist'))) throw new Error(`${folder}/dist is missing: run pnpm build`)
  const before = new Set(readdirSync(packDir))
  run(`pack ${folder}`, 'pnpm', ['pack', '--pack-destination', packDir], cwd)
  const file = readdirSync(packDir).find((name) => !before.has(name))
  const { name } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'))
  // What the user resolves: no `source` condition (it points at TypeScript the tarball lacks),
  // and the package's README and LICENSE.
  const listing = spawnSync('tar', ['tzf', join(packDir, file)], { encoding: 'utf8' }).stdout
  for (const needed of ['package/README.md', 'package/LICENSE', 'package/package.json']) {
    if (!listing.split('\n').includes(needed)) throw new Error(`${name} tarball lacks ${needed}`)
  }
  const manifest = spawnSync('tar', ['xzf', join(packDir, file), '-O', 'package/package.json'], {
    encoding: 'utf8',
  }).stdout
  if (manifest.includes('"source"')) throw new Error(`${name} publishes the source condition`)
  if (manifest.includes('workspace:')) throw new Error(`${name} publishes a workspace: range`)
  return { name, file: join(packDir, file) }
}

/**
 * `@portico/server` in a fresh Node app (npm, engine-strict): its README's `node/server.mjs`,
 * started, must issue a nonce and refuse its protected route without a token. `--server-only`
 * runs this part alone (`node scripts/check-install.mjs --server-only`).
 */
async function checkServerInstall(work) {
  const packDir = join(work, 'server-tarball')
  mkdirSync(packDir, { recursive: true })
  const { file } = packChecked('server', packDir)
  const app = join(work, 'server-app')
  write(app, {
    'package.json': {
      name: 'fresh-server-app',
      private: true,
      type: 'module',
      dependencies: { '@portico/server': `file:${file}` },
    },
    ...Object.fromEntries(
      readmeSnippets(readFileSync(join(root, 'server', 'README.md'), 'utf8'))
        .filter((snippet) => snippet.app === 'node')
        .map((snippet) => [snippet.path, snippet.code]),
    ),
  })
  if (!existsSync(join(app, 'server.mjs')))
    throw new Error('server/README.md has no node/server.mjs')
  const log = run(
    'server app: npm install (engine-strict)',
    'npm',
    ['install', '--engine-strict', '--prefer-offline', '--no-audit', '--no-fund'],
    app,
  )
  if (/EBADENGINE/.test(log)) throw new Error(`npm warns about engines:\n${log}`)

  const { createServer } = await import('node:net')
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address()
      probe.close(() => resolve(free))
    })
  })
  const { spawn } = await import('node:child_process')
  const child = spawn('node', ['server.mjs'], {
    cwd: app,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    let output = ''
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`server app did not listen within ${SERVER_START_TIMEOUT_MS} ms:\n${output}`),
          ),
        SERVER_START_TIMEOUT_MS,
      )
      const read = (chunk) => {
        output += chunk
        if (/listening/.test(output)) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`server app exited (${code}):\n${output}`))
      })
    })
    const base = `http://127.0.0.1:${port}`
    const nonce = await fetch(`${base}/auth/v1/nonce`, {
      headers: { Origin: 'http://localhost:5173' },
    })
    const body = await nonce.json()
    if (nonce.status !== 200 || !/^[0-9a-f]{32}$/.test(body.nonce)) {
      throw new Error(`GET /auth/v1/nonce answered ${nonce.status} ${JSON.stringify(body)}`)
    }
    if (nonce.headers.get('access-control-allow-origin') !== 'http://localhost:5173') {
      throw new Error('GET /auth/v1/nonce did not answer CORS for the configured origin')
    }
    const guarded = await fetch(`${base}/api/orders`)
    const refusal = await guarded.json()
    if (guarded.status !== 401 || refusal.error !== 'missing bearer token') {
      throw new Error(`the protected route answered ${guarded.status} ${JSON.stringify(refusal)}`)
    }
    console.log('✓ server app: started, issues a nonce, refuses its route without a token')
  } finally {
    child.kill()
  }
}

if (process.argv.includes('--server-only')) {
  const work = mkdtempSync(join(tmpdir(), 'portico-install-server-'))
  try {
    await checkServerInstall(work)
  } catch (error) {
    console.error(`✗ ${error instanceof Error ? error.message : error}`)
    process.exitCode = 1
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  process.exit()
}

const work = mkdtempSync(join(tmpdir(), 'portico-install-'))
let failed = false
try {
  // 1. The tarballs, as `npm publish` would upload them (pnpm pack applies publishConfig and
  //    turns `workspace:*` into versions).
  const packDir = join(work, 'tarballs')
  mkdirSync(packDir)
  const tarballs = {}
  for (const folder of PACKAGES) {
    const cwd = join(root, folder)
    if (!existsSync(join(cwd, 'dist'))) throw new Error(`${folder}/dist is missing: run pnpm build`)
    const before = new Set(readdirSync(packDir))
    run(`pack ${folder}`, 'pnpm', ['pack', '--pack-destination', packDir], cwd)
    const file = readdirSync(packDir).find((name) => !before.has(name))
    const { name } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'))
    tarballs[name] = join(packDir, file)
    // What the user resolves: no `source` condition (it points at TypeScript the tarball lacks),
    // and the package's README and LICENSE.
    const listing = spawnSync('tar', ['tzf', join(packDir, file)], { encoding: 'utf8' }).stdout
    for (const needed of ['package/README.md', 'package/LICENSE', 'package/package.json']) {
      if (!listing.split('\n').includes(needed)) throw new Error(`${name} tarball lacks ${needed}`)
    }
    const manifest = spawnSync('tar', ['xzf', join(packDir, file), '-O', 'package/package.json'], {
      encoding: 'utf8',
    }).stdout
    if (manifest.includes('"source"')) throw new Error(`${name} publishes the source condition`)
    if (manifest.includes('workspace:')) throw new Error(`${name} publishes a workspace: range`)
  }

  // `pnpm docs` runs pnpm's own command (it opens a package's homepage), never a script of that
  // name: a script must not hide behind a built-in command.
  const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts)
  const hidden = scripts.filter((name) => ['docs', 'home', 'bugs', 'repo', 'info'].includes(name))
  if (hidden.length > 0) throw new Error(`scripts named like pnpm commands: ${hidden.join(', ')}`)

  const installed = readmeInstall()
  console.log(`✓ README installs ${installed.join(' ')}`)
  console.log(`✓ wagmi/README installs ${wagmiReadmeInstall().join(' ')}`)

  // 2. Vite with npm, engine-strict, then create-vite's build (both pages).
  const vite = join(work, 'vite-app')
  write(vite, {
    ...viteApp(tarballs),
    ...snippetsFor('vite', ['src/App.tsx']),
    ...WAGMI_PAGE,
    ...snippetsFor('vite', ['src/WagmiApp.tsx', 'src/wagmiConfig.ts'], 'wagmi/README.md'),
  })
  const npmLog = run(
    'vite app: npm install (engine-strict)',
    'npm',
    ['install', '--engine-strict', '--prefer-offline', '--no-audit', '--no-fund'],
    vite,
  )
  if (/EBADENGINE/.test(npmLog)) throw new Error(`npm warns about engines:\n${npmLog}`)
  // An EVM-only app must not pay for the Solana stack (43 packages, 31 MB).
  if (existsSync(join(vite, 'node_modules', '@solana'))) {
    throw new Error('an EVM-only app installed @solana/* packages')
  }
  run('vite app: tsc -b && vite build', 'npm', ['run', 'build'], vite)
  const assets = readdirSync(join(vite, 'dist', 'assets'))
  if (!assets.some((name) => name.endsWith('.js'))) throw new Error('vite build wrote no script')
  if (!existsSync(join(vite, 'dist', 'wagmi.html')))
    throw new Error('vite build wrote no wagmi page')

  // 3. Next.js with strict pnpm, then `next build` (which also type-checks).
  const next = join(work, 'next-app')
  const nextTarballs = Object.fromEntries(
    Object.entries(tarballs).filter(([name]) => !VITE_ONLY.includes(name)),
  )
  write(next, {
    ...nextApp(nextTarballs),
    ...snippetsFor('next', ['app/providers.tsx', 'app/layout.tsx', 'app/page.tsx']),
  })
  run(
    'next app: pnpm install (hoist: false, engineStrict)',
    'pnpm',
    ['install', '--prefer-offline', '--config.confirmModulesPurge=false'],
    next,
  )
  const nextLog = run('next app: next build', 'pnpm', ['run', 'build'], next)
  // The page reads cookies, so it is rendered per request (ƒ), not prerendered at build time.
  if (!/ƒ \//.test(nextLog) && !/λ \//.test(nextLog)) {
    throw new Error(`next build did not list the page as rendered on demand:\n${nextLog}`)
  }

  // 4. The sign-in server in a fresh Node app, started.
  await checkServerInstall(work)
} catch (error) {
  failed = true
  console.error(`✗ ${error instanceof Error ? error.message : error}`)
} finally {
  if (process.env.PORTICO_KEEP_APPS) console.log(`apps kept in ${work}`)
  else rmSync(work, { recursive: true, force: true })
}
if (failed) process.exit(1)
console.log(
  '✓ the packed packages install and build in fresh Vite and Next.js apps, and the server starts',
)
