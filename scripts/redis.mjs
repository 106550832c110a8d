// Finds redis-server for the suites that need a real Redis (@portico/server's shared store) and,
// when running as root with apt, installs Debian's package, as scripts/chromium.mjs does for
// Chromium. `startRedis()` runs one on a loopback port of the caller's own, never the default 6379
// (another engineer's or the machine's Redis must not be touched), with persistence off.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createServer, Socket } from 'node:net'
import { pathToFileURL } from 'node:url'

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server']
/** How long a started redis-server may take to answer PING. */
export const REDIS_START_TIMEOUT_MS = 10_000

function executable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The redis-server executable, from PORTICO_REDIS_SERVER or the usual paths; undefined if none. */
export function findRedis() {
  const fromEnv = process.env.PORTICO_REDIS_SERVER
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined
  return CANDIDATES.find(executable)
}

function canInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  return isRoot && hasApt
}

const HOW_TO_INSTALL =
  'Tests of @portico/server need redis-server: install it (Debian: apt-get install redis-server) or set PORTICO_REDIS_SERVER to its path.'

/** The redis-server path, installing Debian's package when running as root with apt; throws otherwise. */
export function ensureRedis() {
  const found = findRedis()
  if (found) return found
  if (!canInstall()) throw new Error(HOW_TO_INSTALL)
  console.log('redis-server is missing; installing Debian redis-server (apt-get)…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  // --no-install-recommends: the package's service is not started (no init system in CI anyway),
  // the suites start their own servers.
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], {
    stdio: 'inherit',
    env,
  })
  const installed = findRedis()
  if (!installed) throw new Error('apt-get installed redis-server but no executable was found.')
  return installed
}

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Whether a Redis on the port answers PING with PONG. */
function ping(port) {
  return new Promise((resolve) => {
    const socket = new Socket()
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500, () => done(false))
    socket.once('error', () => done(false))
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'))
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')))
  })
}

/**
 * Starts redis-server on 127.0.0.1:`port` (a free one by default) without persistence, and
 * resolves once it answers PING. `stop()` ends that process (and only it) and waits for its exit.
 */
export async function startRedis({ port } = {}) {
  const binary = ensureRedis()
  const chosen = port ?? (await freePort())
  const child = spawn(
    binary,
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const deadline = Date.now() + REDIS_START_TIMEOUT_MS
  while (!(await ping(chosen))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(
        `redis-server did not answer on 127.0.0.1:${chosen} within ${REDIS_START_TIMEOUT_MS} ms${stderr ? `: ${stderr.trim()}` : ''}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    /** Freezes the process (SIGSTOP): connections stay open, nothing answers, nothing is lost. */
    pause() {
      child.kill('SIGSTOP')
    },
    /** Lets a paused process go on (SIGCONT). */
    resume() {
      child.kill('SIGCONT')
    },
    async stop() {
      if (child.signalCode === 'SIGSTOP') child.kill('SIGCONT')
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`redis-server: ${ensureRedis()}`)
}
