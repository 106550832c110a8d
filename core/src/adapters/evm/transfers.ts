import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  numberToHex,
  type PublicClient,
} from 'viem'
import { evmChainId, PorticoError } from '../../kit.js'
import type { PreparedTransfer, PrepareTransferParameters } from '../types.js'

/** The ERC-20 `transfer`, returning bool. */
export const erc20TransferAbi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const

/** USDT's `transfer` returns nothing: decoding a bool from it would fail (spec §7). */
export const noReturnTransferAbi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

function revertError(cause: unknown): PorticoError {
  const reason =
    typeof cause === 'object' && cause !== null && 'shortMessage' in cause
      ? String((cause as { shortMessage: unknown }).shortMessage)
      : 'the chain refused it'
  return new PorticoError('WALLET_ERROR', `This transfer would fail: ${reason}`, { cause })
}

/**
 * Builds the transaction of a transfer, simulates it (a token transfer is decoded with the ABI the
 * token really has) and estimates the fee, so a transfer that would revert never reaches the wallet.
 */
/**
 * Refuses a token amount read with other decimals than the token's `decimals()` on chain
 * (TOKEN_DECIMALS_MISMATCH); a token whose decimals cannot be read is refused too
 * (CONTRACT_READ_FAILED): the amount could not be trusted.
 */
async function checkDecimals(client: PublicClient, token: Address, decimals: number) {
  let onChain: number
  try {
    onChain = await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
  } catch (cause) {
    throw new PorticoError('CONTRACT_READ_FAILED', "The token's decimals could not be read", {
      cause,
      details: { token },
    })
  }
  if (onChain !== decimals) {
    throw new PorticoError(
      'TOKEN_DECIMALS_MISMATCH',
      `The token has ${onChain} decimals on chain, not ${decimals}`,
      { details: { token, given: decimals, chain: onChain } },
    )
  }
}

export async function prepareEvmTransfer(
  client: PublicClient,
  {
    from,
    to,
    tokenAddress,
    amount,
    decimals,
    network,
    noReturnTransfer,
  }: PrepareTransferParameters,
): Promise<PreparedTransfer> {
  const account = getAddress(from)
  const recipient = getAddress(to)
  let call: { from: Address; to: Address; value: bigint; data?: Hex }
  if (tokenAddress === undefined) {
    call = { from: account, to: recipient, value: amount }
  } else {
    if (decimals !== undefined) await checkDecimals(client, getAddress(tokenAddress), decimals)
    const abi = noReturnTransfer ? noReturnTransferAbi : erc20TransferAbi
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [recipient, amount] })
    call = { from: account, to: getAddress(tokenAddress), value: 0n, data }
    try {
      const result = await client.call({ account, to: call.to, data })
      const decoded = decodeFunctionResult({
        abi,
        functionName: 'transfer',
        data: result.data ?? '0x',
      })
      if (decoded === false) throw new Error('the token returned false')
    } catch (cause) {
      throw revertError(cause)
    }
  }
  let gas: bigint
  let gasPrice: bigint
  try {
    ;[gas, gasPrice] = await Promise.all([
      client.estimateGas({ account, to: call.to, value: call.value, data: call.data }),
      client.getGasPrice(),
    ])
  } catch (cause) {
    throw revertError(cause)
  }
  const fee = gas * gasPrice
  const native = network.nativeCurrency
  return {
    chainId: network.id,
    from: account,
    request: {
      // The wallet refuses a request for another chain than the one it is on (EIP-1474).
      chainId: numberToHex(evmChainId(network)),
      from: call.from,
      to: call.to,
      value: numberToHex(call.value),
      ...(call.data ? { data: call.data } : {}),
      gas: numberToHex(gas),
    },
    fee: { value: fee, formatted: formatUnits(fee, native.decimals), symbol: native.symbol },
  }
}
