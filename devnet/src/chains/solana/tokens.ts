import { type Address, type EncodedAccount, unwrapOption } from '@solana/kit'
import { AccountState, getMintDecoder, getTokenDecoder } from '@solana-program/token'

const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address
const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
export const TOKEN_PROGRAMS: readonly Address[] = [
  TOKEN_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
]

/** Sizes of the SPL Token layouts; Token-2022 accounts start with the same bytes. */
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
/** Token-2022 puts an account-type byte after the base layout: 1 mint, 2 account. */
const TOKEN_2022_ACCOUNT_TYPE_OFFSET = 165

export type UiTokenAmount = {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

export type ParsedTokenAccount = {
  mint: Address
  owner: Address
  amount: bigint
  decimals: number
  program: Address
}

/** `1234500` with 6 decimals → `'1.2345'`: the exact decimal, no trailing zeros. */
export function formatTokenAmount(amount: bigint, decimals: number): string {
  const negative = amount < 0n
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = formatTokenAmount(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

function isTokenProgram(account: EncodedAccount): boolean {
  return TOKEN_PROGRAMS.includes(account.programAddress)
}

/** What kind of SPL Token account the data is, by size (and Token-2022's type byte). */
export function tokenAccountKind(account: EncodedAccount): 'account' | 'mint' | undefined {
  if (!isTokenProgram(account)) return undefined
  const size = account.data.length
  if (size === TOKEN_ACCOUNT_SIZE) return 'account'
  if (size === MINT_SIZE) return 'mint'
  if (
    account.programAddress === TOKEN_2022_PROGRAM_ADDRESS &&
    size > TOKEN_2022_ACCOUNT_TYPE_OFFSET
  ) {
    const type = account.data[TOKEN_2022_ACCOUNT_TYPE_OFFSET]
    if (type === 2) return 'account'
    if (type === 1) return 'mint'
  }
  return undefined
}

export type AccountLookup = (address: Address) => EncodedAccount | undefined

/** The decimals of a mint, or undefined when the address holds no mint. */
function mintDecimals(lookup: AccountLookup, mint: Address): number | undefined {
  const account = lookup(mint)
  if (!account || tokenAccountKind(account) !== 'mint') return undefined
  return getMintDecoder().decode(account.data.subarray(0, MINT_SIZE)).decimals
}

/** A token account's mint, owner and amount (with its mint's decimals), or undefined. */
export function readTokenAccount(
  lookup: AccountLookup,
  account: EncodedAccount,
): ParsedTokenAccount | undefined {
  if (tokenAccountKind(account) !== 'account') return undefined
  const token = getTokenDecoder().decode(account.data.subarray(0, TOKEN_ACCOUNT_SIZE))
  const decimals = mintDecimals(lookup, token.mint)
  if (decimals === undefined) return undefined
  return {
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    decimals,
    program: account.programAddress,
  }
}

const STATES: Record<AccountState, string> = {
  [AccountState.Uninitialized]: 'uninitialized',
  [AccountState.Initialized]: 'initialized',
  [AccountState.Frozen]: 'frozen',
}

/**
 * The `jsonParsed` form of an SPL Token account or mint, as the Solana RPC answers it
 * (`{ program: 'spl-token', parsed: { type, info }, space }`); undefined for other accounts,
 * which the RPC then answers in base64.
 */
export function parseTokenJson(lookup: AccountLookup, account: EncodedAccount) {
  const kind = tokenAccountKind(account)
  const program = account.programAddress === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022'
  const space = BigInt(account.data.length)
  if (kind === 'mint') {
    const mint = getMintDecoder().decode(account.data.subarray(0, MINT_SIZE))
    return {
      program,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: unwrapOption(mint.freezeAuthority),
          isInitialized: mint.isInitialized,
          mintAuthority: unwrapOption(mint.mintAuthority),
          supply: mint.supply.toString(),
        },
      },
      space,
    }
  }
  if (kind !== 'account') return undefined
  const token = getTokenDecoder().decode(account.data.subarray(0, TOKEN_ACCOUNT_SIZE))
  const decimals = mintDecimals(lookup, token.mint)
  if (decimals === undefined) return undefined
  const delegate = unwrapOption(token.delegate)
  const closeAuthority = unwrapOption(token.closeAuthority)
  const nativeReserve = unwrapOption(token.isNative)
  return {
    program,
    parsed: {
      type: 'account',
      info: {
        isNative: nativeReserve !== null,
        mint: token.mint,
        owner: token.owner,
        state: STATES[token.state],
        tokenAmount: uiTokenAmount(token.amount, decimals),
        ...(delegate
          ? { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) }
          : {}),
        ...(closeAuthority ? { closeAuthority } : {}),
        ...(nativeReserve !== null ? { rentExemptReserve: uiTokenAmount(nativeReserve, 9) } : {}),
      },
    },
    space,
  }
}
