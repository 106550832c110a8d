import {
  type Address,
  encodeFunctionData,
  type Hex,
  numberToHex,
  parseEther,
  parseUnits,
} from 'viem'
import { DevnetToken } from '../../../contracts/out/artifacts.js'
import { TOKEN_DEFINITIONS } from '../../chains/evm/tokens.js'
import { rpcCall } from '../../wallets/evm/rpc.js'

const USDC_DECIMALS = TOKEN_DEFINITIONS.find((t) => t.key === 'usdc')?.decimals ?? 6

/** What each new embedded account gets on each configured chain. */
export const EMBEDDED_FUNDING = { eth: '10', usdc: '100' } as const
/** Mnemonic account 8 pays (see `chains/evm/constants.ts`): 0–3 are handed out and 9 deploys. */
export { FAUCET_ACCOUNT_INDEX } from '../../chains/evm/constants.js'

type FaucetChain = { chainId: number; rpcUrl: string; usdc: Address }

/**
 * Sends devnet ETH and USDC from the faucet account (which anvil keeps unlocked, and which the
 * deployment funds with tokens like accounts 0–3) to new embedded accounts. Transactions from
 * the faucet go one at a time per chain, so anvil numbers them without gaps.
 */
export function createFaucet(options: { from: Address; chains: readonly FaucetChain[] }) {
  const queues = new Map<number, Promise<unknown>>()

  function enqueue<T>(chainId: number, job: () => Promise<T>): Promise<T> {
    const previous = queues.get(chainId) ?? Promise.resolve()
    const next = previous.then(job, job)
    queues.set(
      chainId,
      next.catch(() => undefined),
    )
    return next
  }

  async function send(chain: FaucetChain, tx: { to: Address; value?: bigint; data?: Hex }) {
    const hash = await rpcCall<Hex>(chain.rpcUrl, 'eth_sendTransaction', [
      {
        from: options.from,
        to: tx.to,
        ...(tx.value ? { value: numberToHex(tx.value) } : {}),
        ...(tx.data ? { data: tx.data } : {}),
      },
    ])
    // anvil mines each transaction as it arrives, but a busy machine can answer the receipt a
    // moment later: poll until it is there (10 s at most) rather than take a null as a failure.
    const deadline = Date.now() + 10_000
    let receipt: { status: Hex } | null = null
    while (!receipt && Date.now() < deadline) {
      receipt = await rpcCall<{ status: Hex } | null>(chain.rpcUrl, 'eth_getTransactionReceipt', [
        hash,
      ])
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    if (receipt?.status !== '0x1') throw new Error(`faucet transaction ${hash} failed`)
    return hash
  }

  return {
    /** Resolves with the hashes once every transfer is mined. */
    fund(address: Address): Promise<Hex[]> {
      return Promise.all(
        options.chains.map((chain) =>
          enqueue(chain.chainId, async () => [
            await send(chain, { to: address, value: parseEther(EMBEDDED_FUNDING.eth) }),
            await send(chain, {
              to: chain.usdc,
              data: encodeFunctionData({
                abi: DevnetToken.abi,
                functionName: 'transfer',
                args: [address, parseUnits(EMBEDDED_FUNDING.usdc, USDC_DECIMALS)],
              }),
            }),
          ]),
        ),
      ).then((hashes) => hashes.flat())
    },
  }
}
