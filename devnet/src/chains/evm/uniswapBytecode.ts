import { createRequire } from 'node:module'
import type { Hex } from 'viem'

/**
 * The packaged Uniswap V2 artifacts. Loaded with `require` when the devnet deploys, not at import,
 * so the Vite plugin (which only needs addresses) never reads them.
 */
const ARTIFACTS = {
  weth9: '@uniswap/v2-periphery/build/WETH9.json',
  factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  router02: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
} as const

export type UniswapArtifact = keyof typeof ARTIFACTS

const require = createRequire(import.meta.url)
const cache = new Map<UniswapArtifact, Hex>()

/** The creation bytecode of one of the packaged contracts, read once per process. */
export function uniswapBytecode(name: UniswapArtifact): Hex {
  let bytecode = cache.get(name)
  if (!bytecode) {
    const artifact = require(ARTIFACTS[name]) as { bytecode?: string }
    if (!artifact.bytecode) throw new Error(`no bytecode in ${ARTIFACTS[name]}`)
    bytecode = (
      artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`
    ) as Hex
    cache.set(name, bytecode)
  }
  return bytecode
}
