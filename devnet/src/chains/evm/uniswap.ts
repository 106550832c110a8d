import { parseAbi } from 'viem'

/**
 * The Uniswap V2 contracts the devnet deploys, as their npm packages ship them compiled
 * (`@uniswap/v2-core` 1.0.1: factory and pair; `@uniswap/v2-periphery` 1.1.0-beta.0: WETH9 and
 * Router02). Those packages are GPL-3.0: the devnet (private, a development tool) reads their
 * bytecode at run time (`bytecode.ts`) and never copies or bundles it. The ABIs below are our
 * own human-readable declarations of the functions the devnet calls, typed for viem.
 */

export const uniswapV2RouterAbi = parseAbi([
  'constructor(address factory, address weth)',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

export const uniswapV2FactoryAbi = parseAbi([
  'constructor(address feeToSetter)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
  'function createPair(address tokenA, address tokenB) returns (address pair)',
])

export const uniswapV2PairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
])

export const weth9Abi = parseAbi([
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'function balanceOf(address owner) view returns (uint256)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])

/**
 * keccak256 of the pair's creation code. Router02 has it compiled in (its `pairFor` computes pair
 * addresses with CREATE2 instead of asking the factory), so the devnet computes them the same
 * way; a unit test checks it against the shipped pair bytecode.
 */
export const PAIR_INIT_CODE_HASH =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f' as const

/** What the pair contracts allow a reserve to hold (they store reserves as uint112). */
export const MAX_RESERVE = 2n ** 112n - 1n
