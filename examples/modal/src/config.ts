import type { PorticoOptions } from '@portico/core'

/** The devnet chains this example runs on. */
export const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:8545'] },
  },
  {
    id: 'eip155:31338',
    name: 'Devnet L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:8546'] },
  },
] as const satisfies PorticoOptions['networks']
