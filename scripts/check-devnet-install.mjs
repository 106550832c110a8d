// `pnpm check:devnet-install` (part of `pnpm test`): @portico/devnet as an app outside this
// repository gets it. Its tarball (and core's and server's, which it imports) installed with npm into a fresh
// Node project, then its bin `portico-devnet` started there as a user would (`npx portico-devnet
// --free-ports --info-file devnet.json`), and what only an installed copy can get wrong checked
// through HTTP: the chains answer, the secure frame's script and the wallets' script tag bundle
// from node_modules (their sources in the tarball, core from its build), and Ctrl-C stops it all.
import { spawn, spawnSync } from 'node:child_process'
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
const STARTED_WITHIN_MS = 180_000
const STOPPED_WITHIN_MS = 30_000

function run(title, command, args, cwd) {
  const started = Date.now()
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✗ ${title} (${seconds} s)\n${result.stdout}\n${result.stderr}`)
    throw new Error(`${title} failed`)
  }
  console.log(`✓ ${title} (${seconds} s)`)
  return result.stdout
}

function pack(folder, into) {
  const before = new Set(readdirSync(into))
  run(`pack ${folder}`, 'pnpm', ['pack', '--pack-destination', into], join(root, folder))
  const file = readdirSync(into).find((name) => !before.has(name))
  if (!file) throw new Error(`pnpm pack wrote no tarball for ${folder}`)
  return join(into, file)
}

const check = (ok, message) => {
  if (!ok) throw new Error(message)
  console.log(`✓ ${message}`)
}

async function waitFor(what, deadlineMs, test, child) {
  const deadline = Date.now() + deadlineMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`portico-devnet exited (${child.exitCode}) before ${what}`)
    const value = await test()
    if (value) return value
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no ${what} within ${deadlineMs / 1000} s`)
}

const work = mkdtempSync(join(tmpdir(), 'portico-devnet-install-'))
let devnet
let output = ''
let failed = false
try {
  for (const built of ['core', 'server']) {
    if (!existsSync(join(root, built, 'dist'))) {
      throw new Error(`${built}/dist is missing: run pnpm build`)
    }
  }
  const tarballs = join(work, 'tarballs')
  mkdirSync(tarballs)
  const core = pack('core', tarballs)
  const server = pack('server', tarballs)
  const devnetTarball = pack('devnet', tarballs)
  const listing = spawnSync('tar', ['tzf', devnetTarball], { encoding: 'utf8' }).stdout.split('\n')
  check(
    ['package/LICENSE', 'package/README.md', 'package/node/cli.mjs', 'package/src/index.ts'].every(
      (file) => listing.includes(file),
    ) && !listing.some((file) => file.endsWith('.test.ts')),
    'the devnet tarball holds its bin, sources, README and LICENSE, and no tests',
  )

  const app = join(work, 'app')
  mkdirSync(app)
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: 'fresh-devnet-user',
        private: true,
        type: 'module',
        devDependencies: { '@portico/devnet': `file:${devnetTarball}` },
        // The devnet's @portico/core and @portico/server (its sign-in service) are the ones
        // packed here, not the registry's.
        overrides: { '@portico/core': `file:${core}`, '@portico/server': `file:${server}` },
      },
      null,
      2,
    )}\n`,
  )
  run(
    'fresh app: npm install @portico/devnet',
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund'],
    app,
  )

  // The bin npx runs (started directly: npx itself dies of the Ctrl-C before the devnet exits).
  const bin = join(app, 'node_modules', '.bin', 'portico-devnet')
  devnet = spawn(bin, ['--free-ports', '--info-file', 'devnet.json'], {
    cwd: app,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  devnet.stdout.on('data', (chunk) => {
    output += chunk
  })
  devnet.stderr.on('data', (chunk) => {
    output += chunk
  })
  const started = Date.now()
  const info = await waitFor(
    'devnet.json',
    STARTED_WITHIN_MS,
    () => {
      const file = join(app, 'devnet.json')
      return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
    },
    devnet,
  )
  check(true, `portico-devnet started in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  await waitFor(
    'the summary',
    10_000,
    () => output.includes('createPortico config for this devnet'),
    devnet,
  )
  check(output.includes(info.walletsScriptUrl), 'it prints the wallets script tag')

  const rpc = await fetch(info.chains[0].rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  }).then((r) => r.json())
  check(rpc.result === '0x7a69', 'the first chain answers eth_chainId 0x7a69 (31337)')

  const frame = await fetch(`${info.secureSiteUrl}/sdk/frame.js`)
  const frameCode = await frame.text()
  check(
    frame.status === 200 && frameCode.length > 10_000,
    `the secure frame's script bundles from node_modules (${frameCode.length} bytes)`,
  )

  const wallets = await fetch(`${info.walletsScriptUrl}?autoApprove=1`)
  const walletsCode = await wallets.text()
  check(
    wallets.status === 200 &&
      /javascript/.test(wallets.headers.get('content-type') ?? '') &&
      walletsCode.includes('eip6963:announceProvider'),
    `the wallets script tag bundles from node_modules (${walletsCode.length} bytes)`,
  )

  const exited = new Promise((resolve) => devnet.once('exit', (code) => resolve(code)))
  // As a terminal's Ctrl-C does: SIGINT to the whole process group (anvil children included).
  process.kill(-devnet.pid, 'SIGINT')
  const code = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve('timeout'), STOPPED_WITHIN_MS)),
  ])
  check(code === 0, `Ctrl-C stops it and it exits 0 (got ${code})`)
  devnet = undefined
} catch (error) {
  failed = true
  console.error(`✗ ${error instanceof Error ? error.message : error}`)
  if (output) console.error(`portico-devnet printed:\n${output}`)
} finally {
  if (devnet?.exitCode === null) {
    try {
      process.kill(-devnet.pid, 'SIGKILL')
    } catch {}
  }
  if (process.env.PORTICO_KEEP_APPS) console.log(`app kept in ${work}`)
  else rmSync(work, { recursive: true, force: true })
}
if (failed) process.exit(1)
console.log('✓ @portico/devnet installs from its tarball and runs in a fresh app')
