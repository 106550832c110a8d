// `pnpm docs:dev` (not `pnpm docs`: pnpm 12 has a built-in `docs` command that opens a package's
// homepage): the docs site (Ladle) with its live examples on the devnet. It uses the devnet that
// `pnpm dev` runs when one answers on the API port; otherwise it starts one itself, on the same
// ports as `pnpm dev` (PORTICO_API_PORT 8787, PORTICO_RELAY_PORT 8788, PORTICO_CHAIN_PORTS
// "8545,8546,8547"), so the docs never need ports repeated by hand. PORTICO_DOCS_PORT (61000,
// Ladle's) is the site's port. Ctrl-C stops everything it started.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { probeDevnet } from '../devnet/node/probe.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))
const env = process.env
const apiPort = Number(env.PORTICO_API_PORT || 8787)

let devnet
// The running devnet's description (asked with the control header the devnet requires), or
// undefined when nothing answers on the API port.
let info = await probeDevnet(`http://127.0.0.1:${apiPort}`)
if (info) {
  console.log(`Using the devnet already running at http://127.0.0.1:${apiPort}`)
} else {
  const { startDevnet } = await import('../devnet/node/index.mjs')
  const chains = env.PORTICO_CHAIN_PORTS
    ? env.PORTICO_CHAIN_PORTS.split(',').map((p) => Number(p.trim()))
    : [8545, 8546, 8547]
  devnet = await startDevnet({
    ports: {
      api: apiPort,
      relay: env.PORTICO_RELAY_PORT ? Number(env.PORTICO_RELAY_PORT) : undefined,
      chains,
    },
  })
  info = devnet.info()
  console.log(`Started a devnet at ${devnet.apiUrl} for the docs (stops with them)`)
}

const ladle = spawn(
  join(repo, 'docs', 'node_modules', '.bin', 'ladle'),
  ['serve', '--port', String(env.PORTICO_DOCS_PORT || 61000), ...process.argv.slice(2)],
  {
    cwd: join(repo, 'docs'),
    stdio: 'inherit',
    env: { ...env, PORTICO_DEVNET: JSON.stringify(info) },
  },
)

let stopping = false
async function stop(code) {
  if (stopping) process.exit(130)
  stopping = true
  ladle.kill('SIGTERM')
  await devnet?.stop()
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0))
ladle.on('exit', (code) => void stop(code ?? 0))
