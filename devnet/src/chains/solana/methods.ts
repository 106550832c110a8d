import {
  type Address,
  type EncodedAccount,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isAddress,
  isSignature,
} from '@solana/kit'
import { transactionFee } from './fees.js'
import {
  config,
  describeValue,
  invalidParams,
  METHOD_NOT_FOUND,
  optionalCommitment,
  positional,
  RpcError,
  requireCount,
  requireString,
} from './jsonrpc.js'
import type { LandedTransaction, Ledger } from './ledger.js'
import { parseTokenJson, readTokenAccount, uiTokenAmount } from './tokens.js'

/** What `getVersion` reports: the Agave line LiteSVM 1.5 runs. */
export const SOLANA_CORE_VERSION = '3.0.0'
/** Accounts that pay no rent carry u64::MAX as their rent epoch. */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
const MAX_MULTIPLE_ACCOUNTS = 100
const MAX_SIGNATURE_STATUSES = 256
/** The RPC refuses base58 account data above this size. */
const MAX_BASE58_BYTES = 128

export type SolanaRpcContext = { ledger: Ledger; genesisHash: string }
type Handler = (params: unknown[], context: SolanaRpcContext) => unknown

type Encoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'
const ENCODINGS: readonly string[] = ['base58', 'base64', 'base64+zstd', 'jsonParsed', 'binary']

const base58 = () => getBase58Decoder()
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

function requireAddress(value: unknown, what = 'address'): Address {
  if (typeof value !== 'string' || !isAddress(value)) {
    throw invalidParams(`Invalid param: ${what} is not a valid base58 address`)
  }
  return value
}

function readEncoding(value: unknown, fallback: Encoding): Encoding {
  if (value === undefined) return fallback
  if (typeof value !== 'string' || !ENCODINGS.includes(value)) {
    throw invalidParams(`Invalid params: unknown encoding ${describeValue(value)}`)
  }
  return value === 'binary' ? 'base58' : (value as Encoding)
}

function readDataSlice(value: unknown): { offset: number; length: number } | undefined {
  if (value === undefined || value === null) return undefined
  const slice = config(value)
  return {
    offset: Number(requireCount(slice.offset, 'dataSlice.offset')),
    length: Number(requireCount(slice.length, 'dataSlice.length')),
  }
}

/** Base64 (or base58) wire bytes of a transaction or message parameter. */
function readWireBytes(value: unknown, encoding: unknown, what: string): Uint8Array {
  const text = requireString(value, what)
  const chosen = encoding ?? 'base58'
  if (chosen === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
      throw invalidParams(`Invalid params: ${what} is not base64`)
    }
    return new Uint8Array(Buffer.from(text, 'base64'))
  }
  if (chosen === 'base58') {
    try {
      return new Uint8Array(getBase58Encoder().encode(text))
    } catch {
      throw invalidParams(`Invalid params: ${what} is not base58`)
    }
  }
  throw invalidParams(`Invalid params: unsupported encoding ${describeValue(chosen)}`)
}

/** The `context` of an answer; `minContextSlot` past the last block is the RPC's -32016. */
function context(ctx: SolanaRpcContext, options: Record<string, unknown> = {}) {
  optionalCommitment(options.commitment)
  const slot = ctx.ledger.slot()
  if (options.minContextSlot !== undefined) {
    const wanted = requireCount(options.minContextSlot, 'minContextSlot')
    if (wanted > slot) {
      throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: slot })
    }
  }
  return { slot, apiVersion: SOLANA_CORE_VERSION }
}

/** An account as the RPC writes it, in the asked encoding. */
function encodeAccount(
  ctx: SolanaRpcContext,
  account: EncodedAccount,
  encoding: Encoding,
  slice?: { offset: number; length: number },
) {
  const whole = account.data as Uint8Array
  const bytes = slice ? whole.subarray(slice.offset, slice.offset + slice.length) : whole
  let data: unknown
  if (encoding === 'jsonParsed') {
    const parsed = slice ? undefined : parseTokenJson(ctx.ledger.getAccount, account)
    data = parsed ?? [toBase64(bytes), 'base64']
  } else if (encoding === 'base58') {
    if (bytes.length > MAX_BASE58_BYTES) {
      throw new RpcError(
        -32600,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    }
    data = [base58().decode(bytes), 'base58']
  } else if (encoding === 'base64') {
    data = [toBase64(bytes), 'base64']
  } else {
    throw invalidParams('Invalid params: base64+zstd is not supported by the devnet, use base64')
  }
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(whole.length),
  }
}

function signatureStatus(entry: LandedTransaction | undefined) {
  if (!entry) return null
  return {
    slot: entry.slot,
    confirmations: null,
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    confirmationStatus: 'finalized',
  }
}

type MemcmpFilter = { offset: number; bytes: Uint8Array }
type ProgramFilter = { dataSize: number } | { memcmp: MemcmpFilter }

function readFilters(value: unknown): ProgramFilter[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalidParams('Invalid params: filters must be an array')
  return value.map((raw) => {
    const filter = config(raw)
    if (filter.dataSize !== undefined) {
      return { dataSize: Number(requireCount(filter.dataSize, 'dataSize')) }
    }
    const memcmp = config(filter.memcmp)
    const offset = Number(requireCount(memcmp.offset, 'memcmp.offset'))
    const bytes = readWireBytes(memcmp.bytes, memcmp.encoding ?? 'base58', 'memcmp.bytes')
    return { memcmp: { offset, bytes } }
  })
}

function matches(account: EncodedAccount, filters: ProgramFilter[]): boolean {
  const data = account.data as Uint8Array
  return filters.every((filter) => {
    if ('dataSize' in filter) return data.length === filter.dataSize
    const { offset, bytes } = filter.memcmp
    if (offset + bytes.length > data.length) return false
    return bytes.every((byte, i) => data[offset + i] === byte)
  })
}

function transactionJson(entry: LandedTransaction, encoding: string) {
  const wire = entry.wire as Uint8Array
  if (encoding === 'base64') return [toBase64(wire), 'base64']
  if (encoding === 'base58') return [base58().decode(wire), 'base58']
  const transaction = getTransactionDecoder().decode(wire)
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  if (!('instructions' in message)) {
    throw invalidParams('Invalid params: v1 transactions are answered in base64 only')
  }
  return {
    signatures: Object.values(transaction.signatures).map((signature) =>
      signature ? base58().decode(signature) : null,
    ),
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      instructions: message.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices ?? [],
        data: base58().decode(instruction.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      recentBlockhash: message.lifetimeToken,
      ...(message.version === 0
        ? {
            addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
              accountKey: lookup.lookupTableAddress,
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          }
        : {}),
    },
  }
}

/**
 * The JSON-RPC methods the facade answers, with the Solana RPC's parameter and answer shapes.
 * Anything else is -32601 Method not found.
 */
export const SOLANA_RPC_METHODS: Record<string, Handler> = {
  getAccountInfo([address, options], ctx) {
    const cfg = config(options)
    const account = ctx.ledger.getAccount(requireAddress(address))
    const encoding = readEncoding(cfg.encoding, 'base58')
    const slice = readDataSlice(cfg.dataSlice)
    return {
      context: context(ctx, cfg),
      value: account ? encodeAccount(ctx, account, encoding, slice) : null,
    }
  },

  getMultipleAccounts([addresses, options], ctx) {
    if (!Array.isArray(addresses) || addresses.length > MAX_MULTIPLE_ACCOUNTS) {
      throw invalidParams(`Invalid params: expected at most ${MAX_MULTIPLE_ACCOUNTS} addresses`)
    }
    const cfg = config(options)
    const encoding = readEncoding(cfg.encoding, 'base64')
    const slice = readDataSlice(cfg.dataSlice)
    const keys = addresses.map((address) => requireAddress(address))
    return {
      context: context(ctx, cfg),
      value: keys.map((key) => {
        const account = ctx.ledger.getAccount(key)
        return account ? encodeAccount(ctx, account, encoding, slice) : null
      }),
    }
  },

  getProgramAccounts([program, options], ctx) {
    const cfg = config(options)
    const encoding = readEncoding(cfg.encoding, 'base58')
    const slice = readDataSlice(cfg.dataSlice)
    const filters = readFilters(cfg.filters)
    const accounts = ctx.ledger
      .programAccounts(requireAddress(program, 'program id'))
      .filter((account) => matches(account, filters))
      .map((account) => ({
        pubkey: account.address,
        account: encodeAccount(ctx, account, encoding, slice),
      }))
    return cfg.withContext === true ? { context: context(ctx, cfg), value: accounts } : accounts
  },

  getBalance([address, options], ctx) {
    const cfg = config(options)
    return { context: context(ctx, cfg), value: ctx.ledger.getBalance(requireAddress(address)) }
  },

  getTokenAccountsByOwner([owner, filter, options], ctx) {
    const cfg = config(options)
    const wanted = config(filter)
    const mint = wanted.mint !== undefined ? requireAddress(wanted.mint, 'mint') : undefined
    const program =
      wanted.programId !== undefined ? requireAddress(wanted.programId, 'programId') : undefined
    if ((mint === undefined) === (program === undefined)) {
      throw invalidParams('Invalid params: expected { mint } or { programId }')
    }
    const encoding = readEncoding(cfg.encoding, 'base58')
    const slice = readDataSlice(cfg.dataSlice)
    const accounts = ctx.ledger.tokenAccountsByOwner(requireAddress(owner, 'owner'), {
      ...(mint ? { mint } : {}),
      ...(program ? { program } : {}),
    })
    return {
      context: context(ctx, cfg),
      value: accounts.map((account) => ({
        pubkey: account.address,
        account: encodeAccount(ctx, account, encoding, slice),
      })),
    }
  },

  getTokenAccountBalance([address, options], ctx) {
    const cfg = config(options)
    const account = ctx.ledger.getAccount(requireAddress(address))
    const token = account && readTokenAccount(ctx.ledger.getAccount, account)
    if (!token) throw invalidParams('Invalid param: not a Token account')
    return { context: context(ctx, cfg), value: uiTokenAmount(token.amount, token.decimals) }
  },

  getTokenSupply([address, options], ctx) {
    const cfg = config(options)
    const account = ctx.ledger.getAccount(requireAddress(address))
    const parsed = account && parseTokenJson(ctx.ledger.getAccount, account)
    if (parsed?.parsed.type !== 'mint') {
      throw invalidParams('Invalid param: not a Token mint')
    }
    const info = parsed.parsed.info as { supply: string; decimals: number }
    return { context: context(ctx, cfg), value: uiTokenAmount(BigInt(info.supply), info.decimals) }
  },

  getMinimumBalanceForRentExemption([size, options], ctx) {
    context(ctx, config(options))
    return ctx.ledger.minimumBalanceForRentExemption(requireCount(size, 'data length'))
  },

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

/** Runs one request's method; throws RpcError for unknown methods and bad parameters. */
export function callSolanaMethod(
  method: string,
  params: unknown[] | Record<string, unknown>,
  ctx: SolanaRpcContext,
): unknown {
  const handler = Object.hasOwn(SOLANA_RPC_METHODS, method) ? SOLANA_RPC_METHODS[method] : undefined
  if (!handler) throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}`)
  return handler(positional(params), ctx)
}
