import type { TokenBalance } from '@portico/core'
import { type Address, isAddress as isSolanaAddress } from '@solana/kit'
import { formatUnits } from 'viem'
import {
  BITCOIN_DEVNET_CAIP_NETWORK_ID,
  BITCOIN_NATIVE_CURRENCY,
} from '../../chains/bitcoin/network.js'
import { BitcoinRejection, parseAddress } from '../../chains/bitcoin/parse.js'
import type { Holding } from '../../chains/evm/reader.js'
import { SOLANA_USDC } from '../../chains/solana/constants.js'
import { readSolanaHoldings } from '../../chains/solana/holdings.js'
import { HttpError, json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { imageUrl, requireAddress, requireChain } from '../api/params.js'
import type { PriceSnapshot } from '../swap/pricing.js'
import type { BlockchainDeps } from './deps.js'

/** The answer's item: the SDK's own type, so the two cannot drift apart. */
export type { TokenBalance }

/** What every chain's reading is turned into before it becomes an answer item. */
type BalanceHolding = Pick<Holding, 'name' | 'symbol' | 'decimals' | 'amount'> & {
  /** The token's contract (EVM) or mint (Solana); absent for the native currency. */
  address?: string | undefined
}

/**
 * `GET /v1/account/{address}/balance`: the native balance and every devnet token, read live from
 * the chain (one multicall; on Solana, the ledger's accounts; on Bitcoin, the address's unspent
 * outputs). EVM holdings are valued at the chain's pool prices (pinned prices and the price table
 * for tokens without a pool), Solana's and Bitcoin's (SOL, their USDC, BTC: no pools there) at
 * the price table's, see `swap/pricing.ts`. Empty holdings are left out; `forceUpdate` is
 * accepted and has nothing to do, since nothing is cached.
 * A `solana:` chainId takes a base58 address and answers SOL and the devnet's SPL tokens in the
 * same item shape, the token's `address` being its mint as a CAIP-10 address. The Bitcoin
 * chain's id (or no chainId and a Bitcoin address) answers the address's BTC.
 */
export const balanceRoutes = (deps: BlockchainDeps): Route[] => [
  {
    method: 'GET',
    path: '/v1/account/:address/balance',
    async handle({ params, query, baseUrl }) {
      const currency = query.get('currency')
      if (currency && currency.toLowerCase() !== 'usd') {
        throw new HttpError(400, `unsupported currency ${currency}`)
      }
      const chainIdParam = query.get('chainId')
      if (chainIdParam?.startsWith('solana:'))
        return json({
          balances: answer(solanaHoldings(chainIdParam), chainIdParam, deps.pricing.table()),
        })
      if (
        chainIdParam === BITCOIN_DEVNET_CAIP_NETWORK_ID ||
        (!chainIdParam && isBitcoinAddress(params.address))
      ) {
        return json({
          balances: answer(bitcoinHoldings(), BITCOIN_DEVNET_CAIP_NETWORK_ID, deps.pricing.table()),
        })
      }
      const owner = requireAddress(params.address)
      const reader = requireChain(deps, chainIdParam)
      const chain = reader.chain
      const tokens = deps.tokens[chain.chainId]
      const addresses = tokens ? [tokens.usdc, tokens.ptk, tokens.usdt, tokens.junk] : []
      const [holdings, prices] = await Promise.all([
        reader.readHoldings(owner, addresses),
        deps.pricing.snapshot(chain.chainId),
      ])
      return json({ balances: answer(holdings, chain.caipNetworkId, prices) })

      function solanaHoldings(chainId: string): BalanceHolding[] {
        const solana = deps.solana.info
        if (chainId !== solana.caipNetworkId)
          throw new HttpError(400, `unsupported chainId ${chainId}`)
        const owner = params.address
        if (!owner || !isSolanaAddress(owner)) throw new HttpError(400, 'invalid address')
        const knownMints = new Map([[solana.mints.usdc, SOLANA_USDC]])
        return readSolanaHoldings(deps.solana.ledger, owner as Address, knownMints).map(
          (holding) => ({ ...holding, address: holding.mint }),
        )
      }

      /**
       * A Bitcoin address's balance: the sum of its unspent outputs, mempool ones included (what
       * a wallet can spend now), as one native BTC holding with 8 decimals.
       */
      function bitcoinHoldings(): BalanceHolding[] {
        let script: Uint8Array
        try {
          script = parseAddress(params.address).script
        } catch (error) {
          if (error instanceof BitcoinRejection) throw new HttpError(400, 'invalid address')
          throw error
        }
        const sats = deps.bitcoin.ledger.utxos(script).reduce((sum, utxo) => sum + utxo.value, 0n)
        const { name, symbol, decimals } = BITCOIN_NATIVE_CURRENCY
        return [{ name, symbol, decimals, amount: sats }]
      }

      /** Non-empty holdings as answer items, most valuable first. */
      function answer(
        holdings: readonly BalanceHolding[],
        chainId: string,
        prices: PriceSnapshot,
      ): TokenBalance[] {
        return holdings
          .filter((holding) => holding.amount > 0n)
          .map((holding) => toTokenBalance(holding, chainId, prices))
          .sort((a, b) => b.value - a.value)
      }

      function toTokenBalance(
        holding: BalanceHolding,
        chainId: string,
        prices: PriceSnapshot,
      ): TokenBalance {
        const numeric = formatUnits(holding.amount, holding.decimals)
        const price = prices.price(holding.symbol) ?? 0
        return {
          name: holding.name,
          symbol: holding.symbol,
          chainId,
          ...(holding.address ? { address: `${chainId}:${holding.address}` } : {}),
          value: Number(numeric) * price,
          price,
          quantity: { decimals: String(holding.decimals), numeric },
          iconUrl: imageUrl(baseUrl, '/public/getTokenImage', holding.symbol, query),
        }
      }
    },
  },
]

function isBitcoinAddress(value: unknown): boolean {
  try {
    parseAddress(value)
    return true
  } catch {
    return false
  }
}
