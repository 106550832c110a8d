import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createPublicClient, createTestClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { toViemChain } from '../src/chains/evm/viemChain.js'
import type { Devnet } from '../src/index.js'
import { fallbackSwapGas } from '../src/services/swap/convert.js'

/** The query every SDK call carries (spec section 7). */
export const SDK_QUERY = 'projectId=test-project&st=portico&sv=test'

/** `fetch` on the devnet's API with the SDK's query parameters added. */
export function api(devnet: Pick<Devnet, 'apiUrl'>, path: string, init?: RequestInit) {
  const separator = path.includes('?') ? '&' : '?'
  return fetch(`${devnet.apiUrl}${path}${separator}${SDK_QUERY}`, init)
}

export async function apiJson<T = Record<string, unknown>>(
  devnet: Pick<Devnet, 'apiUrl'>,
  path: string,
  init?: RequestInit,
): Promise<T> {
  const response = await api(devnet, path, init)
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }
}

/** The header every `/__devnet/*` control route needs (a cross-site page cannot send it). */
export const CONTROL_HEADERS = { 'X-Portico-Devnet': '1' } as const

/** `fetch` on one of the devnet's control routes, with the header they need. */
export function control(devnet: Pick<Devnet, 'apiUrl'>, path: string, init: RequestInit = {}) {
  return fetch(`${devnet.apiUrl}${path}`, {
    ...init,
    headers: { ...CONTROL_HEADERS, ...(init.headers as Record<string, string> | undefined) },
  })
}

/** A JSON POST to a control route. */
export function postControl(devnet: Pick<Devnet, 'apiUrl'>, path: string, body: unknown) {
  return control(devnet, path, postJson(body))
}

/** Whether a process with this id still exists (signal 0 only checks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export const FREE_PORTS = { api: 0, chains: [0, 0, 0] as [number, number, number] }

/** PIDs of this process's child processes named `anvil` (Linux /proc; empty elsewhere). */
export function childAnvils(): number[] {
  const tasks = `/proc/${process.pid}/task`
  if (!existsSync(tasks)) return []
  const children = readdirSync(tasks).flatMap((task) =>
    readFileSync(`${tasks}/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  )
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'anvil'
    } catch {
      return false
    }
  })
}

/**
 * The gas limit for a one-hop swap a test sends straight to the router. Never left to anvil's
 * estimate: a pair writes its price accumulators on its first swap in a new block time, and an
 * estimate made in the second the pair last traded in skips those writes, so the swap can run out
 * of gas a second later (seen in CI: "reverted" for a swap quoted and sent in order).
 */
export const ONE_HOP_SWAP_GAS = fallbackSwapGas(1)

/**
 * viem clients on one of the devnet's EVM chains: a wallet of its account `index`, a reader and
 * anvil's test controls.
 */
export function viemClients(
  devnet: Pick<Devnet, 'accounts' | 'chains' | 'unlistedChain'>,
  index: number,
  chainId = 31337,
) {
  const key = devnet.accounts[index]?.privateKey
  const devnetChain = [...devnet.chains, devnet.unlistedChain].find((c) => c.chainId === chainId)
  if (!key || !devnetChain) throw new Error(`no account ${index} or chain ${chainId}`)
  const chain = toViemChain(devnetChain)
  const transport = http(devnetChain.rpcUrl)
  return {
    wallet: createWalletClient({ chain, transport, account: privateKeyToAccount(key) }),
    client: createPublicClient({ chain, transport }),
    test: createTestClient({ chain, transport, mode: 'anvil' }),
  }
}
