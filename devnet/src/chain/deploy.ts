import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContractAddress,
  type Hash,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import {
  DevnetMulticall3,
  DevnetPool,
  DevnetSmartAccountFactory,
  DevnetSpamNft,
  DevnetTetherToken,
  DevnetToken,
} from '../../contracts/out/artifacts.js'
import { MULTICALL3_ADDRESS } from '../config/constants.js'
import {
  devnetSmartAccounts,
  SMART_ACCOUNT_FACTORY_NONCE,
  SMART_ACCOUNT_SALT,
} from '../config/smartAccounts.js'
import { POOL_SEED, SPAM_NFT, TOKEN_DEFINITIONS, type TokenKey } from '../config/tokens.js'
import type { DevnetChain, DevnetTokens } from '../types.js'
import { toViemChain } from './viemChain.js'

const TOKEN_ARTIFACTS = { DevnetToken, DevnetTetherToken } as const

/**
 * The spam NFT comes after the token deployments, the pool, one `mintBatch` per token and the
 * pool's seeding (mint, approve, addLiquidity).
 */
const SPAM_NFT_NONCE = TOKEN_DEFINITIONS.length * 2 + 4

/**
 * Where the contracts land: CREATE addresses follow from the deployer and its nonce, and the
 * deployer's first transactions are always these deployments, in this order.
 */
export function contractAddresses(deployer: Address): DevnetTokens {
  const addresses = {} as DevnetTokens
  TOKEN_DEFINITIONS.forEach((token, nonce) => {
    addresses[token.key] = getContractAddress({ from: deployer, nonce: BigInt(nonce) })
  })
  addresses.pool = getContractAddress({
    from: deployer,
    nonce: BigInt(TOKEN_DEFINITIONS.length),
  })
  addresses.spamNft = getContractAddress({ from: deployer, nonce: BigInt(SPAM_NFT_NONCE) })
  return addresses
}

/**
 * Deploys the tokens and the pool from the deployer (an account anvil keeps unlocked), funds the
 * given accounts, seeds the pool, deploys the smart-account factory and the smart account of
 * `smartAccountOwner` (salt 0; salt 1 stays counterfactual), and puts Multicall3 at its
 * canonical address. anvil mines each transaction as it arrives, so they are sent one after the
 * other and their receipts checked once at the end.
 */
export async function deployContracts(
  chain: DevnetChain,
  deployer: Address,
  funded: readonly Address[],
  smartAccountOwner: Address,
): Promise<DevnetTokens> {
  const viemChain = toViemChain(chain)
  const transport = http(chain.rpcUrl)
  const wallet = createWalletClient({ chain: viemChain, transport, account: deployer })
  const client = createPublicClient({ chain: viemChain, transport })
  const expected = contractAddresses(deployer)

  const startNonce = await client.getTransactionCount({ address: deployer })
  if (startNonce !== 0) throw new Error(`deployer already used on chain ${chain.chainId}`)
  let nonce = 0
  const hashes: Hash[] = []

  for (const token of TOKEN_DEFINITIONS) {
    const artifact = TOKEN_ARTIFACTS[token.contract]
    hashes.push(
      await wallet.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args: [token.name, token.symbol, token.decimals],
        nonce: nonce++,
      }),
    )
  }
  hashes.push(
    await wallet.deployContract({
      abi: DevnetPool.abi,
      bytecode: DevnetPool.bytecode,
      args: [expected.usdc],
      nonce: nonce++,
    }),
  )

  for (const token of TOKEN_DEFINITIONS) {
    hashes.push(
      await wallet.writeContract({
        address: expected[token.key],
        abi: TOKEN_ARTIFACTS[token.contract].abi,
        functionName: 'mintBatch',
        args: [funded, parseUnits(String(token.funding), token.decimals)],
        nonce: nonce++,
      }),
    )
  }

  const usdc = tokenDefinition('usdc')
  const usdcSeed = parseUnits(String(POOL_SEED.usdc), usdc.decimals)
  hashes.push(
    await wallet.writeContract({
      address: expected.usdc,
      abi: DevnetToken.abi,
      functionName: 'mint',
      args: [deployer, usdcSeed],
      nonce: nonce++,
    }),
    await wallet.writeContract({
      address: expected.usdc,
      abi: DevnetToken.abi,
      functionName: 'approve',
      args: [expected.pool, usdcSeed],
      nonce: nonce++,
    }),
    await wallet.writeContract({
      address: expected.pool,
      abi: DevnetPool.abi,
      functionName: 'addLiquidity',
      args: [usdcSeed],
      value: parseEther(String(POOL_SEED.eth)),
      nonce: nonce++,
    }),
  )

  if (nonce !== SPAM_NFT_NONCE) throw new Error('devnet deployment order changed')
  hashes.push(
    await wallet.deployContract({
      abi: DevnetSpamNft.abi,
      bytecode: DevnetSpamNft.bytecode,
      args: [SPAM_NFT.name, SPAM_NFT.symbol],
      nonce: nonce++,
    }),
  )

  const smartAccounts = devnetSmartAccounts(deployer, smartAccountOwner)
  if (nonce !== SMART_ACCOUNT_FACTORY_NONCE) throw new Error('devnet deployment order changed')
  hashes.push(
    // Fixed gas limits (used: about 610 000 and 382 000): no estimate round trip at start.
    await wallet.deployContract({
      abi: DevnetSmartAccountFactory.abi,
      bytecode: DevnetSmartAccountFactory.bytecode,
      nonce: nonce++,
      gas: 1_000_000n,
    }),
    await wallet.writeContract({
      address: smartAccounts.factory,
      abi: DevnetSmartAccountFactory.abi,
      functionName: 'createAccount',
      args: [smartAccountOwner, SMART_ACCOUNT_SALT],
      nonce: nonce++,
      gas: 600_000n,
    }),
  )

  await createTestClient({ chain: viemChain, transport, mode: 'anvil' }).setCode({
    address: MULTICALL3_ADDRESS,
    bytecode: DevnetMulticall3.deployedBytecode,
  })

  const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })))
  for (const receipt of receipts) {
    if (receipt.status !== 'success') {
      throw new Error(`devnet setup transaction ${receipt.transactionHash} reverted`)
    }
  }
  const mustHaveCode = {
    ...expected,
    smartAccountFactory: smartAccounts.factory,
    smartAccount: smartAccounts.deployed.address,
  }
  await Promise.all(
    Object.entries(mustHaveCode).map(async ([key, address]) => {
      const code = await client.getCode({ address })
      if (!code || code === '0x') throw new Error(`no ${key} contract at ${address}`)
    }),
  )
  return expected
}

function tokenDefinition(key: TokenKey) {
  const token = TOKEN_DEFINITIONS.find((t) => t.key === key)
  if (!token) throw new Error(`unknown token ${key}`)
  return token
}
