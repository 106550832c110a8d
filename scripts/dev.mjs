// `pnpm dev`: the devnet (three anvil chains and the API server) and a Vite dev server for every
// example, all on loopback, with no internet and no project id. Ctrl-C stops everything.
//
// Ports, each changeable through the environment:
//   PORTICO_API_PORT (8787), PORTICO_RELAY_PORT (8788: WalletConnect relay and the Devnet
//   Mobile Wallet page), PORTICO_CHAIN_PORTS ("8545,8546,8547"),
//   PORTICO_<EXAMPLE>_PORT (PORTICO_MODAL_PORT 5173, PORTICO_HOOKS_PORT 5174, PORTICO_DAPP_PORT
//   5176, others from 5175 on, skipping those;
//   the Next.js example, served by `next dev`, PORTICO_NEXTJS_PORT 3000, Next's usual port).
// PORTICO_EXAMPLES="modal,hooks" limits which examples start; "none" starts the devnet alone.
// PORTICO_DEVNET_AUTO_APPROVE=1 makes the Devnet Wallet approve every request without a prompt.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const env = process.env

// Known examples keep fixed ports (in this order); any other example follows them.
const EXAMPLE_PORTS = { modal: 5173, hooks: 5174, dapp: 5176 }
// Examples with a `next.config.ts` are served by `next dev` (they read PORTICO_DEVNET themselves).
const NEXT_EXAMPLE_PORTS = { nextjs: 3000 }
const NEXT_EXAMPLE_PORT = 5175

function port(value, fallback, name) {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} is not a port: ${value}`)
  return n
}

function chainPorts() {
  if (!env.PORTICO_CHAIN_PORTS) return [8545, 8546, 8547]
  const ports = env.PORTICO_CHAIN_PORTS.split(',').map((p) =>
    port(p.trim(), 0, 'PORTICO_CHAIN_PORTS'),
  )
  if (ports.length !== 3)
    throw new Error('PORTICO_CHAIN_PORTS needs three ports, e.g. 8545,8546,8547')
  return ports
}

/** Examples that have a Vite config: the known ones first, in their order, then the rest. */
function examples() {
  const dir = join(repo, 'examples')
  const found = existsSync(dir)
    ? readdirSync(dir).filter((name) => existsSync(join(dir, name, 'vite.config.ts')))
    : []
  const wanted = env.PORTICO_EXAMPLES?.split(',').map((name) => name.trim())
  const known = Object.keys(EXAMPLE_PORTS)
  const ordered = [
    ...known.filter((name) => found.includes(name)),
    ...found.filter((name) => !known.includes(name)).sort(),
  ]
  let next = NEXT_EXAMPLE_PORT
  return ordered
    .filter((name) => !wanted || wanted.includes(name))
    .map((name) => {
      const variable = `PORTICO_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_PORT`
      // An example without a fixed port takes the next one no known example has.
      while (Object.values(EXAMPLE_PORTS).includes(next)) next++
      const fallback = EXAMPLE_PORTS[name] ?? next++
      return { name, root: join(dir, name), port: port(env[variable], fallback, variable) }
    })
}

/** Examples served by Next.js (a `next.config.ts`), each on its own port. */
function nextExamples() {
  const dir = join(repo, 'examples')
  const found = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => existsSync(join(dir, name, 'next.config.ts')))
        .sort()
    : []
  const wanted = env.PORTICO_EXAMPLES?.split(',').map((name) => name.trim())
  let fallback = 3001
  return found
    .filter((name) => !wanted || wanted.includes(name))
    .map((name) => {
      const variable = `PORTICO_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_PORT`
      const preferred = NEXT_EXAMPLE_PORTS[name] ?? fallback++
      return { name, root: join(dir, name), port: port(env[variable], preferred, variable) }
    })
}

/**
 * `next dev` for one example, in its own process group (stopped as a whole). Resolves with a
 * server handle once it prints its address; Next compiles the page on the first visit.
 */
function startNextExample(example) {
  const bin = join(example.root, 'node_modules', '.bin', 'next')
  const child = spawn(bin, ['dev', '--webpack', '-H', '127.0.0.1', '-p', String(example.port)], {
    cwd: example.root,
    env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const close = async () => {
    if (child.exitCode !== null) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
  }
  return new Promise((resolve, reject) => {
    let output = ''
    child.once('exit', (code) =>
      reject(new Error(`next dev (${example.name}) exited: ${code}\n${output}`)),
    )
    child.stdout.on('data', (chunk) => {
      output += chunk
      // Next prints "✓ Ready in …" once it listens.
      if (/Ready in/.test(output)) {
        child.stdout.removeAllListeners('data')
        child.stdout.resume()
        resolve({ close })
      }
    })
  })
}

let devnet
const servers = []
let stopping

function stop(code) {
  stopping ??= (async () => {
    console.log('\nStopping…')
    await Promise.allSettled(servers.map(({ server }) => server.close()))
    await devnet?.stop()
    process.exit(code)
  })()
  return stopping
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // A second Ctrl-C while stopping: leave now (anvil children are killed on exit).
    if (stopping) process.exit(130)
    void stop(0)
  })
}

try {
  const { startDevnet, mobileWalletBundle } = await import('../devnet/node/index.mjs')
  devnet = await startDevnet({
    ports: {
      api: port(env.PORTICO_API_PORT, 8787, 'PORTICO_API_PORT'),
      // Unset: 8788, or a free port when the API's is 0 (see startDevnet).
      relay: port(env.PORTICO_RELAY_PORT, undefined, 'PORTICO_RELAY_PORT'),
      chains: chainPorts(),
    },
    quiet: false,
  })
  // The Vite plugin in each example reads this (see devnet/src/vite/info.ts).
  env.PORTICO_DEVNET = JSON.stringify(devnet.info())

  const list = examples()
  if (list.length > 0) {
    // The sign-in example's own server runs @portico/server as an app does, from its build: a
    // fresh checkout has none yet (about 10 s, once).
    if (!existsSync(join(repo, 'server', 'dist'))) {
      const built = spawnSync('pnpm', ['--filter', '@portico/server', 'run', 'build'], {
        cwd: repo,
        stdio: 'inherit',
      })
      if (built.status !== 0) throw new Error('could not build @portico/server')
    }
    const { createServer } = await import('vite')
    for (const example of list) {
      const server = await createServer({
        root: example.root,
        configFile: join(example.root, 'vite.config.ts'),
        server: { port: example.port, host: '127.0.0.1', strictPort: true },
        clearScreen: false,
      })
      await server.listen()
      // The bound address (the port may have been 0).
      const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${example.port}/`
      servers.push({ ...example, server, url })
    }
  }

  for (const example of nextExamples()) {
    const server = await startNextExample(example)
    servers.push({
      ...example,
      server,
      url: `http://127.0.0.1:${example.port}/  (Next.js: the first visit compiles)`,
    })
  }

  const seconds = (performance.now() / 1000).toFixed(1)
  const row = (label, value) => `  ${label.padEnd(18)}${value}`
  const lines = [
    '',
    `Portico dev is up in ${seconds} s (Ctrl-C stops everything)`,
    '',
    ...servers.map(({ name, url }) => row(`example ${name}`, url)),
    ...servers
      .filter(({ name }) => name === 'modal')
      .map(({ url }) =>
        row('  + Solana, BTC', `${url}?multichain  (Devnet Solana and Bitcoin Wallets too)`),
      ),
    // Every page and URL the devnet's services declare (devnet/src/registry.ts), in order.
    ...devnet
      .pages()
      .map(({ label, url, about }) => row(label, about ? `${url}  (${about})` : url)),
    '',
    `  mnemonic: ${devnet.mnemonic}`,
    ...devnet.accounts.map((a, i) => `  account ${i}: ${a.address}`),
    ...devnet.solanaAccounts.map((a, i) => `  Solana account ${i}: ${a.address}`),
    '',
  ]
  if (servers.length === 0) lines.splice(3, 0, '  (no example started)')
  console.log(lines.join('\n'))
  // Bundle the mobile wallet page now (about half a second), so its first visit does not wait.
  mobileWalletBundle().catch((error) => console.error(`mobile wallet bundle: ${error.message}`))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await stop(1)
}
