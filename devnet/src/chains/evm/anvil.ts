import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { startRpcGuard } from './guard.js'

export type AnvilOptions = {
  chainId: number
  port: number
  host: string
  mnemonic: string
}

export type AnvilInstance = {
  chainId: number
  rpcUrl: string
  port: number
  pid: number
  stop(): Promise<void>
}

const STARTUP_TIMEOUT_MS = 15_000
/** anvil's own interface: only the guard (and this machine) reaches it. */
const PRIVATE_HOST = '127.0.0.1'
const KILL_GRACE_MS = 3_000

/**
 * The anvil binary that `@foundry-rs/anvil` installs for this platform. We run it directly rather
 * than through the package's `bin.mjs`, which would put a node process between us and anvil and
 * leave two PIDs to track.
 */
function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url)
  const wrapper = createRequire(require.resolve('@foundry-rs/anvil/package.json'))
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  const path = wrapper.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${binary}`)
  if (!existsSync(path)) throw new Error(`anvil binary missing at ${path}`)
  return path
}

// Every running anvil, so a crashing parent still takes them down (see the 'exit' hook below).
const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Starts one anvil chain and resolves once it listens behind its guard (see guard.ts) on
 * `options.port` (0: a free port). anvil itself listens on a free loopback port of its own.
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilInstance> {
  const anvil = await startAnvilProcess(options)
  try {
    const guard = await startRpcGuard({
      host: options.host,
      port: options.port,
      target: anvil.rpcUrl,
      chainId: options.chainId,
    })
    return {
      ...anvil,
      rpcUrl: guard.url,
      port: guard.port,
      async stop() {
        await guard.close()
        await anvil.stop()
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

function startAnvilProcess(options: AnvilOptions): Promise<AnvilInstance> {
  const child = spawn(
    anvilBinaryPath(),
    [
      '--host',
      PRIVATE_HOST,
      '--port',
      '0',
      '--chain-id',
      String(options.chainId),
      '--mnemonic',
      options.mnemonic,
      '--accounts',
      '10',
      '--balance',
      '10000',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  running.add(child)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child)
      resolve()
    })
  })

  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS)
    await exited
    clearTimeout(timer)
  }

  return new Promise<AnvilInstance>((resolve, reject) => {
    // anvil logs every RPC call on stdout; we read it to the end so the pipe never fills, and keep
    // only the tail for error messages.
    let tail = ''
    let ready = false
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-4_000)
      if (ready) return
      const match = /Listening on ([^\s:]+):(\d+)/.exec(tail)
      if (!match) return
      ready = true
      clearTimeout(timer)
      const port = Number(match[2])
      resolve({
        chainId: options.chainId,
        rpcUrl: `http://${PRIVATE_HOST}:${port}`,
        port,
        pid: child.pid ?? -1,
        stop,
      })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)

    const fail = (reason: string) => {
      if (ready) return
      ready = true
      clearTimeout(timer)
      void stop().then(() =>
        reject(new Error(`anvil (chain ${options.chainId}) ${reason}\n${tail.trim()}`)),
      )
    }
    const timer = setTimeout(() => fail('did not start in time'), STARTUP_TIMEOUT_MS)
    child.once('error', (error) => fail(`failed to start: ${error.message}`))
    child.once('exit', (code, signal) => fail(`exited early (code ${code}, signal ${signal})`))
  })
}
