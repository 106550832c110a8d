// A catalog like a running devnet's, for unit tests (no chain needed).
import type { DevnetChain, DevnetTokens } from '../../chains/evm/types.js'
import { buildCatalog } from './catalog.js'

export const TEST_CHAINS: DevnetChain[] = [
  { chainId: 31337, caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' },
  {
    chainId: 31338,
    caipNetworkId: 'eip155:31338',
    name: 'Devnet L2',
    rpcUrl: 'http://127.0.0.1:2',
  },
]

export const TEST_TOKENS: Record<number, DevnetTokens> = Object.fromEntries(
  TEST_CHAINS.map((chain) => [
    chain.chainId,
    {
      usdc: '0x1111111111111111111111111111111111111111',
      ptk: '0x2222222222222222222222222222222222222222',
      usdt: '0x3333333333333333333333333333333333333333',
      junk: '0x4444444444444444444444444444444444444444',
      spamNft: '0x6666666666666666666666666666666666666666',
    },
  ]),
)

export const testCatalog = () => buildCatalog(TEST_CHAINS, TEST_TOKENS)
