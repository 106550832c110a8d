import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
} from 'viem'
import { DevnetToken } from '../../../contracts/out/artifacts.js'
import type { DevnetChain, DevnetTokens } from '../../chains/evm/types.js'
import { toViemChain } from '../../chains/evm/viemChain.js'
import type { PurchaseAsset } from './config.js'

export type Delivery = {
  chainId: number
  asset: PurchaseAsset
  to: Address
  /** Smallest units. */
  units: bigint
}

type Delivered = {
  hash: Hex
  blockNumber: number
  /** The block's time, unix seconds. */
  timestamp: number
  /** Who sent the transaction (the devnet's deployer). */
  from: Address
  nonce: number
}

export type Deliverer = (delivery: Delivery) => Promise<Delivered>

/**
 * Sends what a purchase bought, as a real transaction from the devnet's deployer (an account
 * anvil keeps unlocked, which is also the tokens' minter): ETH as a plain value transfer, a token
 * by `mint(to, amount)`. Resolves once it is mined, and throws if it reverted. anvil assigns the
 * nonce (`eth_sendTransaction`), so deliveries and other deployer transactions can overlap.
 */
export function createDeliverer(
  chains: readonly DevnetChain[],
  tokens: Readonly<Record<number, DevnetTokens>>,
  deployer: Address,
): Deliverer {
  const clients = new Map(
    chains.map((chain) => {
      const viemChain = toViemChain(chain)
      const transport = http(chain.rpcUrl)
      return [
        chain.chainId,
        {
          wallet: createWalletClient({ chain: viemChain, transport, account: deployer }),
          // Polled briefly: anvil mines on arrival, so the receipt is there on the first tries.
          client: createPublicClient({ chain: viemChain, transport, pollingInterval: 50 }),
        },
      ] as const
    }),
  )

  return async ({ chainId, asset, to, units }) => {
    const pair = clients.get(chainId)
    if (!pair) throw new Error(`no devnet chain ${chainId} to deliver on`)
    const token = asset.token ? tokens[chainId]?.[asset.token] : undefined
    if (asset.token && !token) throw new Error(`no ${asset.symbol} contract on chain ${chainId}`)
    const hash = token
      ? await pair.wallet.writeContract({
          address: token,
          abi: DevnetToken.abi,
          functionName: 'mint',
          args: [to, units],
        })
      : await pair.wallet.sendTransaction({ to, value: units })
    const receipt = await pair.client.waitForTransactionReceipt({ hash, timeout: 30_000 })
    if (receipt.status !== 'success') throw new Error(`delivery ${hash} reverted`)
    const [block, tx] = await Promise.all([
      pair.client.getBlock({ blockNumber: receipt.blockNumber }),
      pair.client.getTransaction({ hash }),
    ])
    return {
      hash,
      blockNumber: Number(receipt.blockNumber),
      timestamp: Number(block.timestamp),
      from: getAddress(receipt.from),
      nonce: tx.nonce,
    }
  }
}
