import { ACCOUNT_METHODS } from './accountMethods.js'
import {
  config,
  invalidParams,
  METHOD_NOT_FOUND,
  positional,
  RpcError,
  requireCount,
} from './jsonrpc.js'
import { context, type Handler, SOLANA_CORE_VERSION, type SolanaRpcContext } from './rpcHelpers.js'
import { TRANSACTION_METHODS } from './transactionMethods.js'

export type { SolanaRpcContext } from './rpcHelpers.js'

export const SOLANA_RPC_METHODS: Record<string, Handler> = {
  ...ACCOUNT_METHODS,
  ...TRANSACTION_METHODS,
  getSlot([options], ctx) {
    context(ctx, config(options))
    return ctx.ledger.slot()
  },

  getBlockHeight([options], ctx) {
    context(ctx, config(options))
    return ctx.ledger.blockHeight()
  },

  getEpochInfo([options], ctx) {
    context(ctx, config(options))
    const schedule = ctx.ledger.epochSchedule()
    const slot = ctx.ledger.slot()
    const slotsPerEpoch = schedule.slotsPerEpoch
    return {
      absoluteSlot: slot,
      blockHeight: ctx.ledger.blockHeight(),
      epoch: slot / slotsPerEpoch,
      slotIndex: slot % slotsPerEpoch,
      slotsInEpoch: slotsPerEpoch,
      transactionCount: ctx.ledger.transactionCount(),
    }
  },

  getEpochSchedule(_params, ctx) {
    const schedule = ctx.ledger.epochSchedule()
    return {
      slotsPerEpoch: schedule.slotsPerEpoch,
      leaderScheduleSlotOffset: schedule.leaderScheduleSlotOffset,
      warmup: schedule.warmup,
      firstNormalEpoch: schedule.firstNormalEpoch,
      firstNormalSlot: schedule.firstNormalSlot,
    }
  },

  getBlockTime([slot], ctx) {
    const at = requireCount(slot, 'slot')
    const time = ctx.ledger.blockTime(at)
    if (time === undefined) throw new RpcError(-32004, `Block not available for slot ${at}`)
    return time
  },

  getTransactionCount([options], ctx) {
    context(ctx, config(options))
    return ctx.ledger.transactionCount()
  },

  getRecentPrioritizationFees([addresses]) {
    if (addresses !== undefined && !Array.isArray(addresses)) {
      throw invalidParams('Invalid params: expected an array of addresses')
    }
    // Nobody competes for block space here: every recent slot's minimum priority fee is 0.
    return []
  },

  getGenesisHash(_params, ctx) {
    return ctx.genesisHash
  },

  getVersion() {
    return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }
  },

  getHealth() {
    return 'ok'
  },

  getFirstAvailableBlock() {
    return 0n
  },
}

export function callSolanaMethod(
  method: string,
  params: unknown[] | Record<string, unknown>,
  ctx: SolanaRpcContext,
): unknown {
  const handler = Object.hasOwn(SOLANA_RPC_METHODS, method) ? SOLANA_RPC_METHODS[method] : undefined
  if (!handler) throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}`)
  return handler(positional(params), ctx)
}
