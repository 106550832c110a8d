import { getCompiledTransactionMessageDecoder, isSignature } from '@solana/kit'
import { transactionFee } from './fees.js'
import {
  config,
  invalidParams,
  optionalCommitment,
  RpcError,
  requireCount,
  requireString,
} from './jsonrpc.js'

import {
  context,
  encodeAccount,
  type Handler,
  MAX_SIGNATURE_STATUSES,
  readEncoding,
  readWireBytes,
  requireAddress,
  signatureStatus,
  transactionJson,
} from './rpcHelpers.js'

/** Blockhashes, fees, sending and simulating transactions, their statuses, and airdrops. */
export const TRANSACTION_METHODS: Record<string, Handler> = {
  getLatestBlockhash([options], ctx) {
    const cfg = config(options)
    return { context: context(ctx, cfg), value: ctx.ledger.latestBlockhash() }
  },

  isBlockhashValid([blockhash, options], ctx) {
    const cfg = config(options)
    const hash = requireString(blockhash, 'blockhash')
    return { context: context(ctx, cfg), value: ctx.ledger.isBlockhashValid(hash) }
  },

  getFeeForMessage([message, options], ctx) {
    const cfg = config(options)
    const bytes = readWireBytes(message, 'base64', 'message')
    let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
    try {
      compiled = getCompiledTransactionMessageDecoder().decode(bytes)
    } catch {
      throw invalidParams('Invalid params: the message does not decode')
    }
    // A message whose blockhash is no longer valid has no fee, as on the clusters.
    const value =
      'instructions' in compiled && ctx.ledger.isBlockhashValid(compiled.lifetimeToken)
        ? transactionFee({
            numRequiredSignatures: compiled.header.numSignerAccounts,
            staticAccounts: compiled.staticAccounts,
            instructions: compiled.instructions,
          })
        : null
    return { context: context(ctx, cfg), value }
  },

  sendTransaction([transaction, options], ctx) {
    const cfg = config(options)
    optionalCommitment(cfg.preflightCommitment)
    context(ctx, cfg)
    const wire = readWireBytes(transaction, cfg.encoding, 'transaction')
    return ctx.ledger.send(wire, { skipPreflight: cfg.skipPreflight === true })
  },

  simulateTransaction([transaction, options], ctx) {
    const cfg = config(options)
    const wire = readWireBytes(transaction, cfg.encoding, 'transaction')
    const replaceRecentBlockhash = cfg.replaceRecentBlockhash === true
    const sigVerify = cfg.sigVerify === true
    if (replaceRecentBlockhash && sigVerify) {
      throw invalidParams('Invalid params: sigVerify and replaceRecentBlockhash are exclusive')
    }
    const result = ctx.ledger.simulate(wire, { sigVerify, replaceRecentBlockhash })
    const wantedAccounts = cfg.accounts === undefined ? undefined : config(cfg.accounts)
    let accounts: unknown = null
    if (wantedAccounts) {
      const addresses = wantedAccounts.addresses
      if (!Array.isArray(addresses)) throw invalidParams('Invalid params: accounts.addresses')
      const encoding = readEncoding(wantedAccounts.encoding, 'base64')
      accounts = addresses.map((address) => {
        const key = requireAddress(address)
        const after =
          result.postAccounts.find((account) => account.address === key) ??
          ctx.ledger.getAccount(key)
        return after ? encodeAccount(ctx, after, encoding) : null
      })
    }
    return {
      context: context(ctx, cfg),
      value: {
        err: result.err,
        logs: result.logs,
        accounts,
        unitsConsumed: result.unitsConsumed,
        returnData: result.returnData,
        innerInstructions: null,
        fee: result.fee,
        ...(replaceRecentBlockhash ? { replacementBlockhash: ctx.ledger.latestBlockhash() } : {}),
      },
    }
  },

  getSignatureStatuses([signatures, options], ctx) {
    const cfg = config(options)
    if (!Array.isArray(signatures) || signatures.length > MAX_SIGNATURE_STATUSES) {
      throw invalidParams(`Invalid params: expected at most ${MAX_SIGNATURE_STATUSES} signatures`)
    }
    const list = signatures.map((signature) => {
      if (typeof signature !== 'string' || !isSignature(signature)) {
        throw invalidParams('Invalid param: not a base58 signature')
      }
      return signature
    })
    return {
      context: context(ctx, { minContextSlot: cfg.minContextSlot }),
      value: list.map((signature) => signatureStatus(ctx.ledger.status(signature))),
    }
  },

  getTransaction([signature, options], ctx) {
    const cfg = config(options)
    optionalCommitment(cfg.commitment)
    if (typeof signature !== 'string' || !isSignature(signature)) {
      throw invalidParams('Invalid param: not a base58 signature')
    }
    const entry = ctx.ledger.status(signature)
    if (!entry?.wire) return null
    const maxVersion = cfg.maxSupportedTransactionVersion
    if (maxVersion !== undefined && maxVersion !== 0) {
      throw invalidParams('Invalid params: maxSupportedTransactionVersion must be 0')
    }
    if (entry.version !== 'legacy' && (maxVersion === undefined || maxVersion < entry.version)) {
      throw new RpcError(
        -32015,
        `Transaction version (${entry.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${entry.version}`,
      )
    }
    const encoding = typeof cfg.encoding === 'string' ? cfg.encoding : 'json'
    if (!['json', 'jsonParsed', 'base64', 'base58'].includes(encoding)) {
      throw invalidParams(`Invalid params: unknown encoding ${encoding}`)
    }
    return {
      slot: entry.slot,
      blockTime: entry.blockTime,
      meta: {
        err: entry.err,
        status: entry.err === null ? { Ok: null } : { Err: entry.err },
        fee: entry.fee,
        preBalances: entry.preBalances,
        postBalances: entry.postBalances,
        innerInstructions: [],
        logMessages: entry.logs,
        preTokenBalances: entry.preTokenBalances,
        postTokenBalances: entry.postTokenBalances,
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: entry.computeUnits,
      },
      transaction: transactionJson(entry, encoding),
      ...(maxVersion !== undefined ? { version: entry.version } : {}),
    }
  },

  requestAirdrop([address, amount, options], ctx) {
    context(ctx, config(options))
    const lamports = requireCount(amount, 'lamports')
    if (lamports === 0n) throw invalidParams('Invalid params: lamports must be above 0')
    return ctx.ledger.airdrop(requireAddress(address), lamports)
  },
}
