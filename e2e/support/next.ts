import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export type StartedNext = { url: string; output(): string; close(): Promise<void> }

/** A free loopback port: `next dev` takes no port 0. */
export async function freePort(): Promise<number> {
  return await new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}

/**
 * Serves `examples/<name>` with `next dev` on a free loopback port, wired to the devnet in
 * PORTICO_DEVNET, in a build folder of its own (a `pnpm dev` may be serving the same example).
 * Resolves once the server answers its first page, which Next compiles on demand: on a busy
 * 2-core machine that takes minutes, hence the generous deadline.
 */
export async function startNext(name: string, deadlineMs = 300_000): Promise<StartedNext> {
  const cwd = resolve(root, 'examples', name)
  const port = await freePort()
  return await startServerProcess({
    command: resolve(cwd, 'node_modules/.bin/next'),
    args: ['dev', '--webpack', '-H', '127.0.0.1', '-p', String(port)],
    cwd,
    env: { NEXT_TELEMETRY_DISABLED: '1', PORTICO_NEXT_DIST_DIR: '.next-e2e' },
    url: `http://127.0.0.1:${port}/`,
    deadlineMs,
  })
}

/**
 * Runs a development server as a process group of its own (stopped as a whole) and resolves
 * once `url` answers 200; fails with the server's output when it exits, answers an error, or
 * does not answer within the deadline.
 */
export async function startServerProcess(options: {
  command: string
  args: string[]
  cwd: string
  env: Record<string, string>
  url: string
  deadlineMs: number
}): Promise<StartedNext> {
  const { command, args, cwd, url, deadlineMs } = options
  let log = ''
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout?.on('data', (chunk) => {
    log += chunk
  })
  child.stderr?.on('data', (chunk) => {
    log += chunk
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const close = async () => {
    if (child.exitCode !== null || child.pid === undefined) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      return
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))])
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }
  }
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode}):\n${log}`)
    const response = await fetch(url, { signal: AbortSignal.timeout(deadlineMs) }).catch(
      () => undefined,
    )
    if (response?.ok) break
    if (response) {
      await close()
      throw new Error(`${command} answered ${response.status}:\n${log}`)
    }
    if (Date.now() - started > deadlineMs) {
      await close()
      throw new Error(`${command} did not answer within ${deadlineMs} ms:\n${log}`)
    }
    // Not listening yet: ask again shortly (polling with a deadline, not a fixed wait).
    await new Promise((done) => setTimeout(done, 250))
  }
  return { url, output: () => log, close }
}
