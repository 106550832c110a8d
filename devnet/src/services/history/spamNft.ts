import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  hexToBigInt,
  http,
  isAddress,
} from 'viem'
import { DevnetSpamNft } from '../../../contracts/out/artifacts.js'
import type { DevnetChain, DevnetTokens } from '../../chains/evm/types.js'
import { toViemChain } from '../../chains/evm/viemChain.js'

/** An NFT of the spam collection, airdropped to an address. */
export type PlantedSpamNft = {
  chainId: number
  /** The spam collection's address (`devnet.tokens[chainId].spamNft`). */
  contract: Address
  to: Address
  /** Decimal string. */
  tokenId: string
  hash: Hex
}

export type SpamPlanter = (to: string, chainId?: number) => Promise<PlantedSpamNft>

/**
 * Airdrops one "Free Airdrop NFT" (SPAM) to `to`, from the deployer (the collection's minter,
 * an account anvil keeps unlocked), and waits until it is mined. `chainId` defaults to the first
 * chain; any devnet chain works, the unlisted one included.
 */
export function createSpamPlanter(
  chains: readonly DevnetChain[],
  tokens: Readonly<Record<number, DevnetTokens>>,
): SpamPlanter {
  const minters = new Map<number, Promise<Address>>()

  return async (to, chainId) => {
    if (!isAddress(to, { strict: false })) throw new Error(`invalid address ${to}`)
    const chain = chainId === undefined ? chains[0] : chains.find((c) => c.chainId === chainId)
    const contract = chain ? tokens[chain.chainId]?.spamNft : undefined
    if (!chain || !contract) throw new Error(`no devnet chain ${chainId}`)
    const viemChain = toViemChain(chain)
    const transport = http(chain.rpcUrl)
    const client = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 })

    let minter = minters.get(chain.chainId)
    if (!minter) {
      minter = client.readContract({
        address: contract,
        abi: DevnetSpamNft.abi,
        functionName: 'minter',
      })
      minter.catch(() => minters.delete(chain.chainId))
      minters.set(chain.chainId, minter)
    }
    const wallet = createWalletClient({ chain: viemChain, transport, account: await minter })
    const recipient = getAddress(to)
    const hash = await wallet.writeContract({
      address: contract,
      abi: DevnetSpamNft.abi,
      functionName: 'airdrop',
      args: [recipient],
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`spam NFT airdrop ${hash} reverted`)
    const log = receipt.logs.find((l) => l.address.toLowerCase() === contract.toLowerCase())
    const tokenTopic = log?.topics[3]
    if (!tokenTopic) throw new Error(`spam NFT airdrop ${hash} emitted no Transfer`)
    return {
      chainId: chain.chainId,
      contract,
      to: recipient,
      tokenId: hexToBigInt(tokenTopic).toString(),
      hash,
    }
  }
}
