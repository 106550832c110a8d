// RPC_REQUEST in the frame: safe methods answered through the chain (or from the signed-in
// user), unsafe ones shown for approval and then signed here, the rest refused.

import { FRAME_ERRORS, parseChainId, RPC_ERROR_CODES, rpcMethodClass } from '@portico/core/internal'
import {
  type Hex,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
  type LocalAccount,
  numberToHex,
  toHex,
} from 'viem'
import { readableMessage } from '../../../wallets/evm/describe.js'
import { ProviderRpcError } from '../../../wallets/evm/errors.js'
import { rpcCall } from '../../../wallets/evm/rpc.js'
import { signAndSend, type TransactionRequest } from '../../../wallets/evm/transactions.js'
import type { ApprovalRequest } from './approval.js'
import {
  chainIdOf,
  decodeTokenCall,
  describeCalls,
  describeMessage,
  describeTransaction,
  describeTypedData,
} from './describe.js'
import { FrameFailure } from './failure.js'
import { fillTransaction, readToken } from './prepare.js'

type FrameChain = { chainId: number; name: string; rpcUrl: string }

export type RpcContext = {
  chainId: number
  chains: readonly FrameChain[]
  account: LocalAccount | undefined
  /** The app's origin as the browser reported it (what sign-in messages are checked against). */
  appOrigin: string
  approve(request: Omit<ApprovalRequest, 'app' | 'appName'>): Promise<boolean>
}

type CallBatch = { chainId: number; hashes: Hex[] }
const batches = new Map<string, CallBatch>()

const notAllowed = () =>
  new FrameFailure(FRAME_ERRORS.rpcNotAllowed, RPC_ERROR_CODES.unsupportedMethod)
const actionNotAllowed = () =>
  new FrameFailure(FRAME_ERRORS.actionNotAllowed, RPC_ERROR_CODES.unauthorized)
const invalidParams = (message: string) => new FrameFailure(message, RPC_ERROR_CODES.invalidParams)
const rejected = () => new FrameFailure(FRAME_ERRORS.userRejected, RPC_ERROR_CODES.userRejected)

function resolveChain(context: RpcContext, requested: unknown): FrameChain {
  const id = requested === undefined ? context.chainId : parseChainId(requested)
  const chain = context.chains.find((c) => c.chainId === id)
  if (!chain) throw new FrameFailure(FRAME_ERRORS.unsupportedChain, 4902)
  return chain
}

/** The signer, when `claimed` (if given) is the signed-in user's address. */
function ownAccount(context: RpcContext, claimed?: unknown): LocalAccount {
  const account = context.account
  if (!account) throw actionNotAllowed()
  if (claimed === undefined) return account
  if (typeof claimed !== 'string' || !isAddress(claimed, { strict: false })) {
    throw actionNotAllowed()
  }
  if (!isAddressEqual(claimed, account.address)) throw actionNotAllowed()
  return account
}

async function ask(context: RpcContext, request: Omit<ApprovalRequest, 'app' | 'appName'>) {
  if (!(await context.approve(request))) throw rejected()
}

export async function handleRpc(
  context: RpcContext,
  requestId: string,
  payload: { method: string; params?: unknown; chainId?: unknown },
): Promise<unknown> {
  const { method } = payload
  const kind = rpcMethodClass(method)
  if (kind === 'refused') throw notAllowed()
  const chain = resolveChain(context, payload.chainId)
  const params = payload.params ?? []
  const list = Array.isArray(params) ? params : [params]

  if (kind === 'safe') {
    switch (method) {
      case 'eth_accounts':
        return context.account ? [context.account.address] : []
      case 'eth_requestAccounts':
        return [ownAccount(context).address]
      case 'eth_chainId':
        return numberToHex(chain.chainId)
      case 'net_version':
        return String(chain.chainId)
      case 'wallet_getCapabilities':
        // Calls in a batch are sent one after the other: no atomic execution.
        return Object.fromEntries(
          context.chains.map((c) => [
            numberToHex(c.chainId),
            { atomic: { status: 'unsupported' } },
          ]),
        )
      case 'wallet_getCallsStatus':
        return callsStatus(context, list[0])
      default:
        if (!Array.isArray(params)) throw invalidParams(`${method} takes positional params`)
        return passThrough(chain, method, params)
    }
  }

  const base = { requestId, method }
  switch (method) {
    case 'personal_sign': {
      // Some apps send [address, message]; the address is whichever one is ours.
      let [message, address] = list
      if (
        typeof message === 'string' &&
        isAddress(message, { strict: false }) &&
        typeof address === 'string'
      ) {
        ;[message, address] = [address, message]
      }
      const signer = ownAccount(context, address)
      if (typeof message !== 'string') throw invalidParams('personal_sign takes a message string')
      const described = describeMessage(readableMessage(message), context.appOrigin)
      await ask(context, {
        ...base,
        title: described.details.length > 0 ? 'Sign-in request' : 'Signature request',
        ...described,
        details: [
          ['Network', `${chain.name} (${chain.chainId})`],
          ['Account', signer.address],
          ...described.details,
        ],
      })
      return signer.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, raw] = list
      const signer = ownAccount(context, address)
      let typed: Record<string, unknown>
      try {
        typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>
      } catch {
        throw invalidParams('typed data must be JSON')
      }
      if (typeof typed !== 'object' || typed === null)
        throw invalidParams('typed data must be an object')
      const described = describeTypedData(
        typed,
        chain,
        context.chains,
        await permitToken(context, typed),
      )
      await ask(context, {
        ...base,
        title: 'Typed data signature request',
        ...described,
        details: [['Account', signer.address], ...described.details],
      })
      if (!signer.signTypedData) throw actionNotAllowed()
      try {
        return await signer.signTypedData(
          typed as unknown as Parameters<NonNullable<LocalAccount['signTypedData']>>[0],
        )
      } catch (error) {
        throw invalidParams(
          `typed data cannot be signed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
    case 'eth_sendTransaction': {
      const tx = list[0] as TransactionRequest | undefined
      if (typeof tx !== 'object' || tx === null) throw invalidParams('expected a transaction')
      const signer = ownAccount(context, tx.from)
      // A transaction built for another chain is refused before it is shown, never signed.
      if (tx.chainId !== undefined && chainIdOf(tx.chainId) !== chain.chainId) {
        throw invalidParams(
          `the transaction is for chain ${String(tx.chainId)}, the wallet is on ${chain.chainId}`,
        )
      }
      // Gas and fees are fixed before the approval: the total shown is what can be spent.
      const filled = await fillTransaction(chain.rpcUrl, signer.address, tx).catch(rpcFailure)
      const data = tx.data ?? tx.input
      const token =
        decodeTokenCall(data) && tx.to ? await readToken(chain.rpcUrl, tx.to) : undefined
      await ask(context, {
        ...base,
        title: 'Transaction request',
        ...describeTransaction(
          {
            from: signer.address,
            to: tx.to ?? null,
            value: tx.value ? hexToBigInt(tx.value) : 0n,
            ...(data ? { data } : {}),
            gas: filled.gas,
            maxFeePerGas: filled.maxFee,
          },
          chain,
          token,
        ),
      })
      return send(signer, chain, filled.tx)
    }
    case 'wallet_sendCalls':
      return sendCalls(context, base, list[0])
    default:
      // Unsafe methods this EOA-only devnet wallet cannot do: smart-account permissions, user
      // operations and Solana signing.
      throw actionNotAllowed()
  }
}

/** A chain's refusal (a reverting estimate) as the frame answers it. */
function rpcFailure(error: unknown): never {
  if (error instanceof ProviderRpcError)
    throw new FrameFailure(error.message, error.code, error.data)
  throw error
}

/** The token an EIP-2612 permit names, read on its own chain when that is one of ours. */
async function permitToken(context: RpcContext, typed: Record<string, unknown>) {
  const domain = (typed.domain ?? {}) as Record<string, unknown>
  const contract = domain.verifyingContract
  if (typed.primaryType !== 'Permit' || typeof contract !== 'string' || !isAddress(contract)) {
    return undefined
  }
  const chain = context.chains.find((c) => c.chainId === chainIdOf(domain.chainId))
  return chain ? readToken(chain.rpcUrl, contract) : undefined
}

async function passThrough(chain: FrameChain, method: string, params: unknown[]) {
  try {
    return await rpcCall(chain.rpcUrl, method, params)
  } catch (error) {
    if (error instanceof ProviderRpcError)
      throw new FrameFailure(error.message, error.code, error.data)
    throw error
  }
}

async function send(signer: LocalAccount, chain: FrameChain, tx: TransactionRequest): Promise<Hex> {
  try {
    return await signAndSend(signer, chain.chainId, chain.rpcUrl, tx)
  } catch (error) {
    if (error instanceof ProviderRpcError)
      throw new FrameFailure(error.message, error.code, error.data)
    throw error
  }
}

type Call = { to: `0x${string}`; data?: Hex; value?: Hex }

async function sendCalls(
  context: RpcContext,
  base: { requestId: string; method: string },
  request: unknown,
): Promise<{ id: string }> {
  if (typeof request !== 'object' || request === null) throw invalidParams('expected { calls }')
  const { calls, chainId, from, atomicRequired } = request as Record<string, unknown>
  const signer = ownAccount(context, from)
  if (!Array.isArray(calls) || calls.length === 0)
    throw invalidParams('calls must be a non-empty list')
  for (const call of calls as Record<string, unknown>[]) {
    // The rule apps are held to: every call's `to` starts with 0x.
    if (
      typeof call?.to !== 'string' ||
      !call.to.startsWith('0x') ||
      !isAddress(call.to, { strict: false })
    ) {
      throw invalidParams("each call needs a 'to' address starting with 0x")
    }
  }
  if (atomicRequired === true) {
    throw new FrameFailure('Atomic execution is not supported', 5760)
  }
  const chain = resolveChain(
    context,
    typeof chainId === 'string' && isHex(chainId) ? Number(hexToBigInt(chainId)) : undefined,
  )
  const list = calls as Call[]
  const tokens = await Promise.all(
    list.map((call) => (decodeTokenCall(call.data) ? readToken(chain.rpcUrl, call.to) : undefined)),
  )
  await ask(context, {
    ...base,
    title: `Batch of ${list.length} ${list.length === 1 ? 'call' : 'calls'}`,
    ...describeCalls(list, chain, signer.address, tokens),
  })
  const hashes: Hex[] = []
  for (const call of list) {
    hashes.push(
      await send(signer, chain, {
        to: call.to,
        ...(call.data ? { data: call.data } : {}),
        ...(call.value ? { value: call.value } : {}),
      }),
    )
  }
  const id = toHex(crypto.getRandomValues(new Uint8Array(32)))
  batches.set(id, { chainId: chain.chainId, hashes })
  return { id }
}

async function callsStatus(context: RpcContext, id: unknown) {
  const batch = typeof id === 'string' ? batches.get(id) : undefined
  if (!batch) throw new FrameFailure('Unknown bundle id', 5730)
  const chain = resolveChain(context, batch.chainId)
  const receipts = await Promise.all(
    batch.hashes.map(
      (hash) =>
        passThrough(chain, 'eth_getTransactionReceipt', [hash]) as Promise<Record<
          string,
          unknown
        > | null>,
    ),
  )
  const done = receipts.every((r) => r !== null)
  const succeeded = receipts.filter((r) => r?.status === '0x1').length
  // EIP-5792: 100 pending, 200 confirmed, 500 all reverted, 600 some reverted.
  const status = !done ? 100 : succeeded === receipts.length ? 200 : succeeded === 0 ? 500 : 600
  return {
    version: '2.0.0',
    id,
    chainId: numberToHex(batch.chainId),
    status,
    atomic: false,
    receipts: receipts
      .filter((r): r is Record<string, unknown> => r !== null)
      .map((r) => ({
        logs: r.logs,
        status: r.status,
        blockHash: r.blockHash,
        blockNumber: r.blockNumber,
        gasUsed: r.gasUsed,
        transactionHash: r.transactionHash,
      })),
  }
}
