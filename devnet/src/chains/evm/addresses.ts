import { type Address, encodePacked, getContractAddress, getCreate2Address, keccak256 } from 'viem'
import { SWAP_POOLS, type SwapAsset, TOKEN_DEFINITIONS } from './tokens.js'
import type { DevnetSwap, DevnetTokens } from './types.js'
import { PAIR_INIT_CODE_HASH } from './uniswap.js'

/**
 * The deployer's nonces, in deployment order: the four tokens (0–3, in `TOKEN_DEFINITIONS`
 * order), then WETH9, the Uniswap V2 factory and Router02, then the spam NFT, then the
 * smart-account factory, then the guestbook (the app's own contract). Everything after (creating
 * the smart account, funding, seeding the pools) is a call, so it moves no address.
 */
export const DEPLOY_NONCES = {
  weth: TOKEN_DEFINITIONS.length,
  factory: TOKEN_DEFINITIONS.length + 1,
  router: TOKEN_DEFINITIONS.length + 2,
  spamNft: TOKEN_DEFINITIONS.length + 3,
  smartAccountFactory: TOKEN_DEFINITIONS.length + 4,
  guestbook: TOKEN_DEFINITIONS.length + 5,
} as const

const created = (deployer: Address, nonce: number) =>
  getContractAddress({ from: deployer, nonce: BigInt(nonce) })

/**
 * Where the tokens and the spam NFT land: CREATE addresses follow from the deployer and its
 * nonce, and the deployer's first transactions are always these deployments, in this order.
 */
export function contractAddresses(deployer: Address): DevnetTokens {
  const addresses = {} as DevnetTokens
  TOKEN_DEFINITIONS.forEach((token, nonce) => {
    addresses[token.key] = created(deployer, nonce)
  })
  addresses.spamNft = created(deployer, DEPLOY_NONCES.spamNft)
  return addresses
}

/** `DevnetGuestbook`, the contract an app uses as its own (the same on every chain). */
export function guestbookAddress(deployer: Address): Address {
  return created(deployer, DEPLOY_NONCES.guestbook)
}

/** Router02, its factory and WETH, and each seeded pool's pair (CREATE2 from the factory). */
export function swapAddresses(deployer: Address): DevnetSwap {
  const tokens = contractAddresses(deployer)
  const weth = created(deployer, DEPLOY_NONCES.weth)
  const factory = created(deployer, DEPLOY_NONCES.factory)
  const asset = (key: SwapAsset) => (key === 'eth' ? weth : tokens[key])
  const pairs = {} as DevnetSwap['pairs']
  for (const pool of SWAP_POOLS) {
    pairs[pool.key] = pairAddress(factory, asset(pool.base), asset(pool.quote))
  }
  return { router: created(deployer, DEPLOY_NONCES.router), factory, weth, pairs }
}

/** The pair's two tokens in the pair's own order: the lower address is token0. */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
}

/**
 * The address of the pair of two tokens, as Router02's `pairFor` computes it: CREATE2 by the
 * factory with the sorted tokens as salt. The pair may not exist (yet).
 */
export function pairAddress(factory: Address, a: Address, b: Address): Address {
  const [token0, token1] = sortTokens(a, b)
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: PAIR_INIT_CODE_HASH,
  })
}
