// `@portico/server` installed from its tarball into a fresh Node app and started: a part of
// `pnpm check:install` (scripts/check-install.mjs), `--server-only` alone.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packChecked, readmeSnippets, root, run, write } from './shared.mjs'

/** How long the fresh server app may take to print that it listens. */
const SERVER_START_TIMEOUT_MS = 30_000

/**
 * `@portico/server` in a fresh Node app (npm, engine-strict): its README's `node/server.mjs`,
 * started, must issue a nonce and refuse its protected route without a token. `--server-only`
 * runs this part alone (`node scripts/check-install.mjs --server-only`).
 */
export async function checkServerInstall(work) {
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
