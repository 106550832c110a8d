import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../..', import.meta.url))

describe('pnpm dev (scripts/dev.mjs)', () => {
  it('starts the devnet, prints its URLs, and stops everything on SIGTERM', async () => {
    const child = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: repo,
      env: {
        ...process.env,
        PORTICO_EXAMPLES: 'none',
        PORTICO_API_PORT: '0',
        PORTICO_RELAY_PORT: '0',
        PORTICO_CHAIN_PORTS: '0,0,0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    let output = ''
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (/account 3: 0x/.test(output)) resolve()
      })
      void exited.then(() => reject(new Error(`dev.mjs exited early:\n${output}`)))
    })

    expect(output).toMatch(/Portico dev is up in \d+\.\d s/)
    const apiUrl = /API\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
    const rpcUrls = [...output.matchAll(/chain 3133[789]\s+(http:\/\/127\.0\.0\.1:\d+)/g)].map(
      (m) => m[1] as string,
    )
    expect(rpcUrls).toHaveLength(3)
    const chainId = (url: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      }).then((r) => r.json() as Promise<{ result: string }>)
    expect((await chainId(rpcUrls[0] ?? '')).result).toBe('0x7a69')
    const supported = await fetch(`${apiUrl}/v1/supported-chains?projectId=p&st=s&sv=v`)
    expect(supported.status).toBe(200)
    const relayUrl = /WalletConnect\s+(ws:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
    const mobileWalletUrl = /mobile wallet\s+(http:\/\/127\.0\.0\.1:\d+\/mobile-wallet)/.exec(
      output,
    )?.[1]
    expect(relayUrl).toBeDefined()
    expect(mobileWalletUrl).toBe(`${relayUrl?.replace('ws:', 'http:')}/mobile-wallet`)
    expect((await fetch(mobileWalletUrl ?? '')).status).toBe(200)
    // Every page a person opens is printed, the Devnet Inbox (login mail) too.
    const inboxUrl = /Devnet Inbox\s+(http:\/\/127\.0\.0\.1:\d+\/inbox)/.exec(output)?.[1]
    expect((await fetch(inboxUrl ?? '')).status).toBe(200)
    const secureSiteUrl = /secure site\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1]
    expect(inboxUrl).toBe(`${secureSiteUrl}/inbox`)

    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    await expect(fetch(`${apiUrl}/v1/supported-chains`)).rejects.toThrow()
    await expect(fetch(mobileWalletUrl ?? '')).rejects.toThrow()
    await expect(fetch(inboxUrl ?? '')).rejects.toThrow()
    for (const url of rpcUrls) await expect(chainId(url)).rejects.toThrow()
  })
})
