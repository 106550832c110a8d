import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startDevnet } from '../src/index.js'
import { api, CONTROL_HEADERS, childAnvils, FREE_PORTS, processAlive } from './helpers.js'

describe('devnet lifecycle', () => {
  it('runs side by side with another devnet, and stop() leaves no process or port behind', async () => {
    const [a, b] = await Promise.all([
      startDevnet({ ports: FREE_PORTS }),
      startDevnet({ ports: FREE_PORTS }),
    ])
    const pids = [...a.processes, ...b.processes].map((p) => p.pid)
    expect(pids).toHaveLength(6)
    expect(new Set(pids).size).toBe(6)
    expect(pids.every(processAlive)).toBe(true)
    if (process.platform === 'linux') expect(childAnvils()).toEqual(expect.arrayContaining(pids))
    expect(a.apiUrl).not.toBe(b.apiUrl)
    expect(a.secureSiteUrl).not.toBe(b.secureSiteUrl)
    expect(a.smtpUrl).not.toBe(b.smtpUrl)
    expect(a.solana.rpcUrl).not.toBe(b.solana.rpcUrl)
    expect(a.bitcoin.esploraUrl).not.toBe(b.bitcoin.esploraUrl)
    expect((await api(a, '/v1/supported-chains')).status).toBe(200)
    expect((await fetch(`${a.secureSiteUrl}/inbox`)).status).toBe(200)
    expect(await (await fetch(`${a.bitcoin.esploraUrl}/blocks/tip/height`)).text()).toBe('101')

    await Promise.all([a.stop(), b.stop()])
    expect(pids.filter(processAlive)).toEqual([])
    expect(childAnvils().filter((pid) => pids.includes(pid))).toEqual([])
    await expect(fetch(`${a.apiUrl}/v1/supported-chains`)).rejects.toThrow()
    await expect(fetch(`${a.secureSiteUrl}/inbox`)).rejects.toThrow()
    const smtp = new URL(a.smtpUrl)
    await expect(
      new Promise((resolve, reject) => {
        const socket = connect(Number(smtp.port), smtp.hostname, () => resolve(socket.end()))
        socket.once('error', reject)
      }),
    ).rejects.toThrow(/ECONNREFUSED/)
    await expect(
      fetch(a.chains[0]?.rpcUrl ?? '', {
        method: 'POST',
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      }),
    ).rejects.toThrow()
    await expect(
      fetch(a.solana.rpcUrl, {
        method: 'POST',
        body: '{"jsonrpc":"2.0","id":1,"method":"getSlot"}',
      }),
    ).rejects.toThrow()
    await expect(fetch(`${a.bitcoin.esploraUrl}/blocks/tip/height`)).rejects.toThrow()
    // Stopping twice is harmless.
    await a.stop()
  })

  it('releases a request held by the timeout fault when it stops', async () => {
    const devnet = await startDevnet({ ports: FREE_PORTS })
    devnet.faults.set({ route: '/v1/supported-chains', mode: 'timeout', times: 1 })
    const held = api(devnet, '/v1/supported-chains')
    const outcome = expect(held).rejects.toThrow()
    // The fault is used up once the server holds the request.
    while (devnet.faults.list().length > 0) {
      await fetch(`${devnet.apiUrl}/__devnet/faults`, { headers: CONTROL_HEADERS })
    }
    await devnet.stop()
    await outcome
  })

  it('reports which ports are taken instead of hanging, and cleans up', async () => {
    const first = await startDevnet({ ports: FREE_PORTS })
    const before = childAnvils()
    try {
      const apiPort = Number(new URL(first.apiUrl).port)
      await expect(startDevnet({ ports: { api: apiPort, chains: [0, 0, 0] } })).rejects.toThrow(
        /EADDRINUSE/,
      )
      const chainPort = Number(new URL(first.chains[0]?.rpcUrl ?? '').port)
      await expect(startDevnet({ ports: { api: 0, chains: [chainPort, 0, 0] } })).rejects.toThrow(
        // The chain's public port is its RPC guard's (anvil listens behind it, on a port of its own).
        /chain 31337 rpc \(port \d+\): .*EADDRINUSE/,
      )
      const solanaPort = Number(new URL(first.solana.rpcUrl).port)
      await expect(
        startDevnet({ ports: { api: 0, solana: solanaPort, chains: [0, 0, 0] } }),
      ).rejects.toThrow(/solana rpc \(port \d+\): .*EADDRINUSE/)
      const bitcoinPort = Number(new URL(first.bitcoin.esploraUrl).port)
      await expect(
        startDevnet({ ports: { api: 0, bitcoin: bitcoinPort, chains: [0, 0, 0] } }),
      ).rejects.toThrow(/bitcoin api \(port \d+\): .*EADDRINUSE/)
      // The failed starts killed the chains they had started.
      expect(childAnvils()).toEqual(before)
    } finally {
      await first.stop()
    }
  })
})
