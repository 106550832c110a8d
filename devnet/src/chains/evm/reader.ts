import { type Address, createPublicClient, erc20Abi, http, type PublicClient } from 'viem'
import { NATIVE_CURRENCY } from './constants.js'
import type { DevnetChain } from './types.js'
import { toViemChain } from './viemChain.js'

/** One holding read from the chain: raw units plus the token's own metadata. */
export type Holding = {
  /** Absent for the native token. */
  address?: Address
  name: string
  symbol: string
  decimals: number
  amount: bigint
}

type TokenMetadata = { address: Address; name: string; symbol: string; decimals: number }

export type ChainReader = {
  chain: DevnetChain
  client: PublicClient
  /** Native balance and the balance and metadata of every token in `tokens` (one multicall). */
  readHoldings(owner: Address, tokens: readonly Address[]): Promise<Holding[]>
  /** Name, symbol and decimals of each address that is an ERC-20; others are left out. */
  readMetadata(tokens: readonly Address[]): Promise<TokenMetadata[]>
}

export function createChainReader(chain: DevnetChain): ChainReader {
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })

  async function readHoldings(owner: Address, tokens: readonly Address[]): Promise<Holding[]> {
    const [native, results] = await Promise.all([
      client.getBalance({ address: owner }),
      client.multicall({
        allowFailure: false,
        contracts: tokens.flatMap((address) => [
          { address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] } as const,
          { address, abi: erc20Abi, functionName: 'name' } as const,
          { address, abi: erc20Abi, functionName: 'symbol' } as const,
          { address, abi: erc20Abi, functionName: 'decimals' } as const,
        ]),
      }),
    ])
    const rest = results as unknown[]
    const holdings: Holding[] = [{ ...NATIVE_CURRENCY, amount: native }]
    tokens.forEach((address, i) => {
      const [amount, name, symbol, decimals] = rest.slice(i * 4, i * 4 + 4)
      holdings.push({
        address,
        amount: amount as bigint,
        name: name as string,
        symbol: symbol as string,
        decimals: Number(decimals),
      })
    })
    return holdings
  }

  async function readMetadata(tokens: readonly Address[]): Promise<TokenMetadata[]> {
    const results = await client.multicall({
      allowFailure: true,
      contracts: tokens.flatMap((address) => [
        { address, abi: erc20Abi, functionName: 'name' } as const,
        { address, abi: erc20Abi, functionName: 'symbol' } as const,
        { address, abi: erc20Abi, functionName: 'decimals' } as const,
      ]),
    })
    const metadata: TokenMetadata[] = []
    tokens.forEach((address, i) => {
      const [name, symbol, decimals] = results.slice(i * 3, i * 3 + 3)
      if (name?.status !== 'success' || symbol?.status !== 'success') return
      if (decimals?.status !== 'success') return
      metadata.push({
        address,
        name: name.result as string,
        symbol: symbol.result as string,
        decimals: Number(decimals.result),
      })
    })
    return metadata
  }

  return { chain, client: client as PublicClient, readHoldings, readMetadata }
}
