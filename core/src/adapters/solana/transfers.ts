import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { NATIVE_DECIMALS } from '../../chains/constants.js'
import type { Connector } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { formatDecimal } from '../../format/index.js'
import { networkReference, type PorticoNetwork } from '../../options/index.js'
import {
  requireFeature,
  standardFeature,
  standardWalletOf,
  toStandardWalletError,
} from '../standardWallet.js'
import type {
  PreparedTransfer,
  PrepareTransferParameters,
  TransferCapability,
  TransferReceipt,
} from '../types.js'
import { accountFor } from './accounts.js'
import { walletChainName } from './chains.js'
import {
  associatedTokenAddress,
  createAssociatedTokenAccountInstruction,
  readMint,
  TOKEN_2022_PROGRAM,
  TOKEN_ACCOUNT_SIZE,
  transferCheckedInstruction,
  transferSolInstruction,
} from './instructions.js'
import type { SolanaRpc } from './rpc.js'
import { type SignAndSendFeature, type SignTransactionFeature, signatureOf } from './signing.js'

/** How often a sent transfer's status is asked for. Ours: a Solana slot is about 400 ms. */
export const SOLANA_CONFIRM_POLL_MS = 1_000
/** How long a sent transfer is waited for at most (as on EVM). Ours. */
export const SOLANA_CONFIRM_TIMEOUT_MS = 120_000
/** Token-2022 associated accounts carry the ImmutableOwner extension: 5 bytes more. */
const TOKEN_2022_ACCOUNT_SIZE = TOKEN_ACCOUNT_SIZE + 5

/** The RPC of a network (or of a URL), one per URL. */
export type SolanaRpcs = {
  rpcFor(network: PorticoNetwork | string): SolanaRpc
  rpcUrlOf(network: PorticoNetwork): string
}

/**
 * A prepared Solana transfer's request: its instructions, payer and RPC. The message is compiled
 * again when it is sent, with a fresh blockhash.
 */
type SolanaTransferRequest = {
  feePayer: Address
  instructions: readonly Instruction[]
  rpcUrl: string
}

function checkAddress(value: string, what: string): Address {
  if (!isAddress(value)) {
    throw new PorticoError('INVALID_INPUT', `The ${what} is not a Solana address`, {
      details: { address: value },
    })
  }
  return address(value)
}

async function compile(rpc: SolanaRpc, request: SolanaTransferRequest) {
  const lifetime = await rpc.getLatestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(request.feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: lifetime.blockhash as Blockhash,
          lastValidBlockHeight: lifetime.lastValidBlockHeight,
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions(request.instructions, m),
  )
  return { transaction: compileTransaction(message), lifetime }
}

/** The instructions of an SPL token transfer, and the rent of the receiver's account if new. */
async function tokenTransfer(
  rpc: SolanaRpc,
  from: Address,
  to: Address,
  tokenAddress: string,
  amount: bigint,
  decimals: number | undefined,
) {
  const mintAddress = checkAddress(tokenAddress, 'token')
  const mint = readMint(await rpc.getAccountInfo(mintAddress))
  if (!mint) {
    throw new PorticoError('INVALID_INPUT', 'The token is not a mint on this network', {
      details: { mint: mintAddress },
    })
  }
  // transferChecked would refuse other decimals than the mint's only if we passed the caller's;
  // we pass the mint's, so an amount read with the wrong decimals must be caught here.
  if (decimals !== undefined && decimals !== mint.decimals) {
    throw new PorticoError(
      'TOKEN_DECIMALS_MISMATCH',
      `The mint has ${mint.decimals} decimals, not ${decimals}`,
      { details: { token: mintAddress, given: decimals, chain: mint.decimals } },
    )
  }
  const [source, destination] = await Promise.all([
    associatedTokenAddress(from, mintAddress, mint.tokenProgram),
    associatedTokenAddress(to, mintAddress, mint.tokenProgram),
  ])
  const [sourceAccount, destinationAccount] = await Promise.all([
    rpc.getAccountInfo(source),
    rpc.getAccountInfo(destination),
  ])
  if (!sourceAccount) {
    throw new PorticoError('INVALID_INPUT', 'The account holds none of this token', {
      details: { mint: mintAddress },
    })
  }
  const instructions: Instruction[] = []
  let rent = 0n
  // The receiver has no account for the token yet: the sender creates it (and pays its rent).
  if (!destinationAccount) {
    instructions.push(
      createAssociatedTokenAccountInstruction(
        from,
        destination,
        to,
        mintAddress,
        mint.tokenProgram,
      ),
    )
    rent = await rpc.getMinimumBalanceForRentExemption(
      mint.tokenProgram === TOKEN_2022_PROGRAM ? TOKEN_2022_ACCOUNT_SIZE : TOKEN_ACCOUNT_SIZE,
    )
  }
  instructions.push(
    transferCheckedInstruction({
      source,
      mint: mintAddress,
      destination,
      owner: from,
      amount,
      decimals: mint.decimals,
      tokenProgram: mint.tokenProgram,
    }),
  )
  return { instructions, rent }
}

function transferRequest(prepared: PreparedTransfer): SolanaTransferRequest {
  const request = prepared.request as Partial<SolanaTransferRequest>
  if (
    typeof request.feePayer !== 'string' ||
    typeof request.rpcUrl !== 'string' ||
    !Array.isArray(request.instructions)
  ) {
    throw new PorticoError('INVALID_INPUT', 'This transfer was not prepared for Solana')
  }
  return request as SolanaTransferRequest
}

/** SOL and SPL token transfers: prepared with their fee, signed by the wallet, confirmed. */
export function createSolanaTransfers({ rpcFor, rpcUrlOf }: SolanaRpcs): TransferCapability {
  /** Until which block height each sent transfer can still land. */
  const lastValid = new Map<string, bigint>()

  async function prepareTransfer(parameters: PrepareTransferParameters): Promise<PreparedTransfer> {
    const { network, amount } = parameters
    if (amount <= 0n) throw new PorticoError('INVALID_INPUT', 'The amount must be above zero')
    const rpc = rpcFor(network)
    const from = checkAddress(parameters.from, 'sender')
    const to = checkAddress(parameters.to, 'receiver')
    const { instructions, rent } =
      parameters.tokenAddress === undefined
        ? { instructions: [transferSolInstruction(from, to, amount)], rent: 0n }
        : await tokenTransfer(rpc, from, to, parameters.tokenAddress, amount, parameters.decimals)
    const request: SolanaTransferRequest = {
      feePayer: from,
      instructions,
      rpcUrl: rpcUrlOf(network),
    }
    const { transaction } = await compile(rpc, request)
    const messageBase64 = getBase64Decoder().decode(transaction.messageBytes)
    // Null when the blockhash expired meanwhile: every signature still costs the base fee.
    const fee =
      (await rpc.getFeeForMessage(messageBase64)) ??
      BigInt(Object.keys(transaction.signatures).length) * 5_000n
    const total = fee + rent
    return {
      chainId: network.id,
      from: parameters.from,
      request,
      fee: {
        value: total,
        formatted: formatDecimal(total, NATIVE_DECIMALS.solana),
        symbol: network.nativeCurrency.symbol,
      },
    }
  }

  async function sendTransfer(connector: Connector, prepared: PreparedTransfer): Promise<string> {
    const request = transferRequest(prepared)
    const rpc = rpcFor(request.rpcUrl)
    const wallet = standardWalletOf(connector)
    const account = accountFor(connector, prepared.from)
    // Built again with a fresh blockhash: the preview may be older than a blockhash lives.
    const { transaction, lifetime } = await compile(rpc, request)
    const bytes = new Uint8Array(getTransactionEncoder().encode(transaction))
    const chain = walletChainName(account.chains, networkReference({ id: prepared.chainId }))
    let signature: string
    const signAndSend = standardFeature<SignAndSendFeature>(
      wallet,
      'solana:signAndSendTransaction',
      'signAndSendTransaction',
    )
    try {
      if (signAndSend) {
        const [output] = await signAndSend.signAndSendTransaction({
          account,
          transaction: bytes,
          chain,
          options: { preflightCommitment: 'confirmed' },
        })
        signature = signatureOf(output?.signature, 'transaction')
      } else {
        const sign = requireFeature<SignTransactionFeature>(
          wallet,
          'solana:signTransaction',
          'signTransaction',
        )
        const [output] = await sign.signTransaction({ account, transaction: bytes, chain })
        if (!(output?.signedTransaction instanceof Uint8Array)) {
          throw new PorticoError('WALLET_ERROR', 'The wallet answered with no signed transaction')
        }
        signature = await rpc.sendTransaction(getBase64Decoder().decode(output.signedTransaction))
      }
    } catch (error) {
      throw toStandardWalletError(error, 'transaction')
    }
    lastValid.set(signature, lifetime.lastValidBlockHeight)
    return signature
  }

  async function waitForTransfer(
    signature: string,
    network: PorticoNetwork,
  ): Promise<TransferReceipt> {
    const rpc = rpcFor(network)
    const deadline = Date.now() + SOLANA_CONFIRM_TIMEOUT_MS
    const validUntil = lastValid.get(signature)
    for (;;) {
      const status = await rpc.getSignatureStatus(signature)
      if (
        status?.confirmationStatus === 'confirmed' ||
        status?.confirmationStatus === 'finalized'
      ) {
        lastValid.delete(signature)
        return { hash: signature, status: status.err === null ? 'success' : 'reverted' }
      }
      // Not seen and its blockhash expired: it can no longer land.
      if (!status && validUntil !== undefined && (await rpc.getBlockHeight()) > validUntil) {
        lastValid.delete(signature)
        throw new PorticoError('WALLET_ERROR', 'The transfer expired before it landed', {
          details: { hash: signature },
        })
      }
      if (Date.now() >= deadline) {
        throw new PorticoError('TIMEOUT', 'The transfer was not confirmed in time', {
          details: { hash: signature, seconds: SOLANA_CONFIRM_TIMEOUT_MS / 1_000 },
        })
      }
      await new Promise((resolve) => setTimeout(resolve, SOLANA_CONFIRM_POLL_MS))
    }
  }

  return { prepareTransfer, sendTransfer, waitForTransfer }
}
