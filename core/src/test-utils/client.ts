import type { PorticoNetwork } from '../options/index.js'

/** A `fetch` for tests where every server is out of reach: each request is refused at once. */
export const unreachableFetch: typeof fetch = async () => {
  throw new TypeError('fetch failed: connection refused')
}

/** Two local EVM networks (the devnet's chain ids) for tests that need networks but no chain. */
export const TEST_NETWORKS = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:8545'] },
    blockExplorers: [{ name: 'Devscan', url: 'https://devscan.test' }],
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:8546'] },
  },
] as const satisfies readonly PorticoNetwork[]
