import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  keccak256,
} from 'viem'
import { DevnetSmartAccount, DevnetSmartAccountFactory } from '../../../contracts/out/artifacts.js'
import { DEPLOY_NONCES } from './addresses.js'

/**
 * The factory is the deployer's last deployment, after the tokens, Uniswap V2 and the spam NFT
 * (see `DEPLOY_NONCES` and `deployContracts`), so it lands at the same address on every chain
 * and every run.
 */
const SMART_ACCOUNT_FACTORY_NONCE = DEPLOY_NONCES.smartAccountFactory

/** Funded account 0 (the first the wallets expose) owns both smart accounts. */
export const SMART_ACCOUNT_OWNER_INDEX = 0
/** The deployed account's salt. */
export const SMART_ACCOUNT_SALT = 0n
/** The counterfactual account's salt: never deployed by the devnet (ERC-6492 sign-in). */
export const COUNTERFACTUAL_ACCOUNT_SALT = 1n

export type SmartAccountInfo = {
  address: Address
  owner: Address
  salt: bigint
  factory: Address
  /** `createAccount(owner, salt)` calldata: what an ERC-6492 signature carries. */
  factoryData: Hex
}

export type DevnetSmartAccounts = {
  factory: Address
  /** Deployed at start on every chain; ERC-1271 signatures by its owner verify. */
  deployed: SmartAccountInfo
  /** Not deployed: its signatures verify through ERC-6492 (the factory call is simulated). */
  counterfactual: SmartAccountInfo
}

/** The address `DevnetSmartAccountFactory.getAddress(owner, salt)` answers (CREATE2). */
export function smartAccountAddress(factory: Address, owner: Address, salt: bigint): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, salt])),
    bytecode: `${DevnetSmartAccount.bytecode}${encodeAbiParameters([{ type: 'address' }], [owner]).slice(2)}`,
  })
}

function accountInfo(factory: Address, owner: Address, salt: bigint): SmartAccountInfo {
  return {
    address: smartAccountAddress(factory, owner, salt),
    owner,
    salt,
    factory,
    factoryData: encodeFunctionData({
      abi: DevnetSmartAccountFactory.abi,
      functionName: 'createAccount',
      args: [owner, salt],
    }),
  }
}

/** Where the devnet's smart accounts are, given the deployer and the owner. */
export function devnetSmartAccounts(deployer: Address, owner: Address): DevnetSmartAccounts {
  const factory = getContractAddress({
    from: deployer,
    nonce: BigInt(SMART_ACCOUNT_FACTORY_NONCE),
  })
  return {
    factory,
    deployed: accountInfo(factory, owner, SMART_ACCOUNT_SALT),
    counterfactual: accountInfo(factory, owner, COUNTERFACTUAL_ACCOUNT_SALT),
  }
}
