import { config, invalidParams, requireCount } from './jsonrpc.js'
import {
  context,
  encodeAccount,
  type Handler,
  MAX_MULTIPLE_ACCOUNTS,
  matches,
  readDataSlice,
  readEncoding,
  readFilters,
  requireAddress,
} from './rpcHelpers.js'
import { parseTokenJson, readTokenAccount, uiTokenAmount } from './tokens.js'

/** Accounts, balances and tokens, read from the ledger. */
export const ACCOUNT_METHODS: Record<string, Handler> = {
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
}
