import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  http,
  maxUint256,
  parseUnits,
} from 'viem'
import {
  DevnetGuestbook,
  DevnetMulticall3,
  DevnetSmartAccountFactory,
  DevnetSpamNft,
  DevnetTetherToken,
  DevnetToken,
} from '../../../contracts/out/artifacts.js'
import { contractAddresses, DEPLOY_NONCES, guestbookAddress, swapAddresses } from './addresses.js'
import { MULTICALL3_ADDRESS } from './constants.js'
import type { PoolSeed } from './poolSeeds.js'
import { devnetSmartAccounts, SMART_ACCOUNT_SALT } from './smartAccounts.js'
import { SPAM_NFT, SWAP_POOLS, TOKEN_DEFINITIONS, type TokenKey } from './tokens.js'
import type { DevnetChain, DevnetSwap, DevnetTokens } from './types.js'
import { uniswapV2FactoryAbi, uniswapV2RouterAbi, weth9Abi } from './uniswap.js'
import { uniswapBytecode } from './uniswapBytecode.js'
import { toViemChain } from './viemChain.js'

const TOKEN_ARTIFACTS = { DevnetToken, DevnetTetherToken } as const

/**
 * The gas limit of every setup transaction: more than the largest needs (Router02's deployment,
 * about 4.5 M). Without a limit anvil estimates each one, which costs 20–50 ms a transaction;
 * with it, about 5 ms. Each is mined alone in its block, and only the gas used is paid.
 */
const SETUP_GAS = 6_000_000n

/**
 * What every setup transaction carries: the gas limit, and `chain: null`, which spares viem its
 * `eth_chainId` check before each one (the client was made for this very chain).
 */
const SETUP = { gas: SETUP_GAS, chain: null } as const

/**
 * Deploys the tokens, Uniswap V2 (WETH9, factory, Router02), the spam NFT, the smart-account
 * factory and the guestbook (the contract an app uses as its own) from the deployer (an account
 * anvil keeps unlocked), creates the smart account of `smartAccountOwner` (salt 0; salt 1 stays
 * counterfactual), funds the given accounts, seeds the pools through the router and puts
 * Multicall3 at its canonical address. anvil mines each
 * transaction as it arrives, so they are sent one after the other and their receipts checked
 * once at the end.
 */
export async function deployContracts(
  chain: DevnetChain,
  deployer: Address,
  funded: readonly Address[],
  seeds: readonly PoolSeed[],
  smartAccountOwner: Address,
): Promise<{ tokens: DevnetTokens; swap: DevnetSwap; guestbook: Address }> {
  const viemChain = toViemChain(chain)
  const transport = http(chain.rpcUrl)
  const wallet = createWalletClient({ chain: viemChain, transport, account: deployer })
  const client = createPublicClient({ chain: viemChain, transport })
  const tokens = contractAddresses(deployer)
  const swap = swapAddresses(deployer)
  const smartAccounts = devnetSmartAccounts(deployer, smartAccountOwner)
  const guestbook = guestbookAddress(deployer)

  const startNonce = await client.getTransactionCount({ address: deployer })
  if (startNonce !== 0) throw new Error(`deployer already used on chain ${chain.chainId}`)
  let nonce = 0
  const hashes: Hash[] = []
  const expectNonce = (expected: number, what: string) => {
    if (nonce !== expected) throw new Error(`devnet deployment order changed before ${what}`)
  }

  for (const token of TOKEN_DEFINITIONS) {
    const artifact = TOKEN_ARTIFACTS[token.contract]
    hashes.push(
      await wallet.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args: [token.name, token.symbol, token.decimals],
        nonce: nonce++,
        ...SETUP,
      }),
    )
  }

  expectNonce(DEPLOY_NONCES.weth, 'WETH9')
  hashes.push(
    await wallet.deployContract({
      abi: weth9Abi,
      bytecode: uniswapBytecode('weth9'),
      nonce: nonce++,
      ...SETUP,
    }),
    await wallet.deployContract({
      abi: uniswapV2FactoryAbi,
      bytecode: uniswapBytecode('factory'),
      // The fee switch's owner; the devnet never turns the protocol fee on.
      args: [deployer],
      nonce: nonce++,
      ...SETUP,
    }),
    await wallet.deployContract({
      abi: uniswapV2RouterAbi,
      bytecode: uniswapBytecode('router02'),
      args: [swap.factory, swap.weth],
      nonce: nonce++,
      ...SETUP,
    }),
  )
  expectNonce(DEPLOY_NONCES.spamNft, 'the spam NFT')
  hashes.push(
    await wallet.deployContract({
      abi: DevnetSpamNft.abi,
      bytecode: DevnetSpamNft.bytecode,
      args: [SPAM_NFT.name, SPAM_NFT.symbol],
      nonce: nonce++,
      ...SETUP,
    }),
  )
  expectNonce(DEPLOY_NONCES.smartAccountFactory, 'the smart-account factory')
  hashes.push(
    await wallet.deployContract({
      abi: DevnetSmartAccountFactory.abi,
      bytecode: DevnetSmartAccountFactory.bytecode,
      nonce: nonce++,
      ...SETUP,
    }),
  )
  expectNonce(DEPLOY_NONCES.guestbook, 'the guestbook')
  hashes.push(
    await wallet.deployContract({
      abi: DevnetGuestbook.abi,
      bytecode: DevnetGuestbook.bytecode,
      nonce: nonce++,
      ...SETUP,
    }),
    // A call (CREATE2 inside the factory): the account's address does not depend on this nonce.
    await wallet.writeContract({
      address: smartAccounts.factory,
      abi: DevnetSmartAccountFactory.abi,
      functionName: 'createAccount',
      args: [smartAccountOwner, SMART_ACCOUNT_SALT],
      nonce: nonce++,
      ...SETUP,
    }),
  )

  for (const token of TOKEN_DEFINITIONS) {
    hashes.push(
      await wallet.writeContract({
        address: tokens[token.key],
        abi: TOKEN_ARTIFACTS[token.contract].abi,
        functionName: 'mintBatch',
        args: [funded, parseUnits(String(token.funding), token.decimals)],
        nonce: nonce++,
        ...SETUP,
      }),
    )
  }

  // The pools' tokens: minted to the deployer, approved to the router once (the price mover
  // reuses the approvals), then added as liquidity; the router creates each pair.
  const needed = new Map<TokenKey, bigint>()
  for (const pool of SWAP_POOLS) {
    const seed = seeds.find((s) => s.key === pool.key)
    if (!seed) throw new Error(`no seed for the ${pool.label} pool`)
    if (pool.base !== 'eth') needed.set(pool.base, (needed.get(pool.base) ?? 0n) + seed.base)
    if (pool.quote !== 'eth') needed.set(pool.quote, (needed.get(pool.quote) ?? 0n) + seed.quote)
  }
  for (const [key, amount] of needed) {
    const abi = TOKEN_ARTIFACTS[tokenDefinition(key).contract].abi
    hashes.push(
      await wallet.writeContract({
        address: tokens[key],
        abi: DevnetToken.abi,
        functionName: 'mint',
        args: [deployer, amount],
        nonce: nonce++,
        ...SETUP,
      }),
      await wallet.writeContract({
        address: tokens[key],
        abi,
        functionName: 'approve',
        args: [swap.router, maxUint256],
        nonce: nonce++,
        ...SETUP,
      }),
    )
  }
  for (const pool of SWAP_POOLS) {
    const seed = seeds.find((s) => s.key === pool.key) as PoolSeed
    if (pool.base === 'eth' || pool.quote === 'eth') {
      const token = (pool.base === 'eth' ? pool.quote : pool.base) as TokenKey
      const [tokenAmount, ethAmount] =
        pool.base === 'eth' ? [seed.quote, seed.base] : [seed.base, seed.quote]
      hashes.push(
        await wallet.writeContract({
          address: swap.router,
          abi: uniswapV2RouterAbi,
          functionName: 'addLiquidityETH',
          args: [tokens[token], tokenAmount, tokenAmount, ethAmount, deployer, maxUint256],
          value: ethAmount,
          nonce: nonce++,
          ...SETUP,
        }),
      )
    } else {
      const [base, quote] = [pool.base as TokenKey, pool.quote as TokenKey]
      hashes.push(
        await wallet.writeContract({
          address: swap.router,
          abi: uniswapV2RouterAbi,
          functionName: 'addLiquidity',
          args: [
            tokens[base],
            tokens[quote],
            seed.base,
            seed.quote,
            seed.base,
            seed.quote,
            deployer,
            maxUint256,
          ],
          nonce: nonce++,
          ...SETUP,
        }),
      )
    }
  }

  await createTestClient({ chain: viemChain, transport, mode: 'anvil' }).setCode({
    address: MULTICALL3_ADDRESS,
    bytecode: DevnetMulticall3.deployedBytecode,
  })

  // anvil answers eth_sendTransaction once the transaction is in its pool; the block that holds
  // it can come a moment later, so the last receipts are waited for, not just read.
  const receipts = await Promise.all(
    hashes.map((hash) =>
      client.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 30_000 }),
    ),
  )
  for (const receipt of receipts) {
    if (receipt.status !== 'success') {
      throw new Error(`devnet setup transaction ${receipt.transactionHash} reverted`)
    }
  }
  const contracts = {
    ...tokens,
    ...swap.pairs,
    router: swap.router,
    factory: swap.factory,
    weth: swap.weth,
    smartAccountFactory: smartAccounts.factory,
    smartAccount: smartAccounts.deployed.address,
    guestbook,
  }
  await Promise.all(
    Object.entries(contracts).map(async ([key, address]) => {
      const code = await client.getCode({ address })
      if (!code || code === '0x') throw new Error(`no ${key} contract at ${address}`)
    }),
  )
  return { tokens, swap, guestbook }
}

function tokenDefinition(key: TokenKey) {
  const token = TOKEN_DEFINITIONS.find((t) => t.key === key)
  if (!token) throw new Error(`unknown token ${key}`)
  return token
}
