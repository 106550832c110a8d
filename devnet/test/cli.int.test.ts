import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

// `npx portico-devnet`: the package's bin, run as an app outside the repository runs it.
const packageDir = fileURLToPath(new URL('..', import.meta.url))
const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  bin: Record<string, string>
}
const bin = join(packageDir, packageJson.bin['portico-devnet'] as string)

type Run = { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number> }
const runs: Run[] = []
const temp = mkdtempSync(join(tmpdir(), 'portico-devnet-'))

afterEach(() => {
  for (const { child } of runs.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

function run(args: string[]): Run {
  // From a folder outside the repository, with none of pnpm dev's variables.
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (name.startsWith('PORTICO_')) delete env[name]
  const child = spawn(process.execPath, [bin, ...args], { cwd: temp, env })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  )
  const started = { child, output: () => output, exited }
  runs.push(started)
  return started
}

/** Resolves with `promise`, or fails once `ms` have passed (no sleeping: a timer races it). */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Resolves once the output matches `pattern`; fails if the process exits first. */
function printed({ child, output, exited }: Run, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output())
      if (!match) return
      child.stdout.off('data', check)
      resolve(match)
    }
    child.stdout.on('data', check)
    check()
    void exited.then((code) => reject(new Error(`portico-devnet exited (${code}):\n${output()}`)))
  })
}

const chainId = (rpcUrl: string) =>
  fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
  }).then((response) => response.json() as Promise<{ result: string }>)

describe('npx portico-devnet', () => {
  it('starts the devnet, prints its URLs and a createPortico config, and stops on Ctrl-C', async () => {
    const infoFile = join(temp, 'devnet.json')
    const devnet = run(['--free-ports', '--info-file', infoFile])
    // The snippet is printed last: once it is complete, everything is.
    await within(60_000, 'the printed config', printed(devnet, /^\}\)$/m))
    const output = devnet.output()
    const url = (label: string, scheme = 'http') =>
      new RegExp(`^ {2}${label}\\s+(${scheme}://127\\.0\\.0\\.1:\\d+\\S*)`, 'm').exec(output)?.[1]

    const apiUrl = url('API') as string
    const rpcUrl = url('chain 31337') as string
    const secureSite = url('secure site')?.replace(/\/$/, '')
    expect(url('chain 31338')).toBeDefined()
    expect(url('chain Solana')).toBeDefined()
    expect(url('chain Bitcoin')).toBeDefined()
    expect(url('WalletConnect', 'ws')).toBeDefined()
    expect(url('mobile wallet')).toMatch(/\/mobile-wallet$/)
    expect(url('Devnet Inbox')).toBe(`${secureSite}/inbox`)
    expect(output).toMatch(/^ {2}guestbook\s+0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84/m)
    expect(output).toContain(`    blockchain: '${apiUrl}',`)
    expect(output).toContain(`    secureSite: '${secureSite}',`)
    expect(output).toContain("  projectId: 'devnet',")

    expect((await within(10_000, 'eth_chainId', chainId(rpcUrl))).result).toBe('0x7a69')
    const supported = await fetch(`${apiUrl}/v1/supported-chains?projectId=p&st=s&sv=v`)
    expect(supported.status).toBe(200)
    const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { apiUrl: string }
    expect(info.apiUrl).toBe(apiUrl)

    // A second one on the same API port finds the first (control header and all) and leaves it.
    const second = run(['--api-port', new URL(apiUrl).port])
    expect(await within(20_000, 'the second run', second.exited)).toBe(0)
    expect(second.output()).toContain(`A Portico devnet already runs at ${apiUrl}`)
    expect(second.output()).toContain(`    blockchain: '${apiUrl}',`)

    devnet.child.kill('SIGINT')
    expect(await within(30_000, 'the stop', devnet.exited)).toBe(0)
    await expect(fetch(`${apiUrl}/v1/supported-chains`)).rejects.toThrow()
    await expect(chainId(rpcUrl)).rejects.toThrow()
  }, 120_000)

  it('refuses a wrong option with the usage, exit code 2', async () => {
    const wrong = run(['--api-port', 'eighty'])
    expect(await within(20_000, 'the refusal', wrong.exited)).toBe(2)
    expect(wrong.output()).toContain('portico-devnet: --api-port is not a port: eighty')
    expect(wrong.output()).toContain('Usage: portico-devnet [options]')
  })
})

process.once('exit', () => rmSync(temp, { recursive: true, force: true }))
