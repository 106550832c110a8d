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
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkServerInstall } from './install/server.mjs'
import { packChecked, readmeSnippets, root, run, write } from './install/shared.mjs'

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
    const { name, file } = packChecked(folder, packDir)
    tarballs[name] = file
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
