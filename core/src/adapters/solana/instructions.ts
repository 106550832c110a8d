import {
  AccountRole,
  type Address,
  address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getU32Encoder,
  getU64Encoder,
  type Instruction,
} from '@solana/kit'
import type { SolanaAccountInfo } from './rpc.js'

// The three instructions a transfer needs, encoded from the programs' published layouts (the
// System program's Transfer, the Associated Token Account program's CreateIdempotent, SPL Token's
// TransferChecked), rather than pulling in a client library per program.

export const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
/** A token account's size without extensions: what a new associated account is rented for. */
export const TOKEN_ACCOUNT_SIZE = 165
/** A mint's size without extensions. */
export const MINT_SIZE = 82

const SYSTEM_TRANSFER = 2
const ATA_CREATE_IDEMPOTENT = 1
const TOKEN_TRANSFER_CHECKED = 12
/** Where a mint keeps its decimals and its "initialized" flag. */
const MINT_DECIMALS_OFFSET = 44
const MINT_INITIALIZED_OFFSET = 45

function concat(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** The System program's Transfer: `lamports` from `from` (which signs) to `to`. */
export function transferSolInstruction(from: Address, to: Address, lamports: bigint): Instruction {
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data: concat(getU32Encoder().encode(SYSTEM_TRANSFER), getU64Encoder().encode(lamports)),
  }
}

/** The associated token account of an owner for a mint (a program-derived address). */
export async function associatedTokenAddress(
  owner: Address,
  mint: Address,
  tokenProgram: Address,
): Promise<Address> {
  const encoder = getAddressEncoder()
  const [derived] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [encoder.encode(owner), encoder.encode(tokenProgram), encoder.encode(mint)],
  })
  return derived
}

/** Creates `owner`'s associated token account for `mint`, paid by `payer`; a no-op if it exists. */
export function createAssociatedTokenAccountInstruction(
  payer: Address,
  account: Address,
  owner: Address,
  mint: Address,
  tokenProgram: Address,
): Instruction {
  return {
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      { address: payer, role: AccountRole.WRITABLE_SIGNER },
      { address: account, role: AccountRole.WRITABLE },
      { address: owner, role: AccountRole.READONLY },
      { address: mint, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      { address: tokenProgram, role: AccountRole.READONLY },
    ],
    data: new Uint8Array([ATA_CREATE_IDEMPOTENT]),
  }
}

/** SPL Token's TransferChecked: the program checks the mint and its decimals too. */
export function transferCheckedInstruction(parameters: {
  source: Address
  mint: Address
  destination: Address
  owner: Address
  amount: bigint
  decimals: number
  tokenProgram: Address
}): Instruction {
  return {
    programAddress: parameters.tokenProgram,
    accounts: [
      { address: parameters.source, role: AccountRole.WRITABLE },
      { address: parameters.mint, role: AccountRole.READONLY },
      { address: parameters.destination, role: AccountRole.WRITABLE },
      { address: parameters.owner, role: AccountRole.READONLY_SIGNER },
    ],
    data: concat([TOKEN_TRANSFER_CHECKED], getU64Encoder().encode(parameters.amount), [
      parameters.decimals,
    ]),
  }
}

/** A mint account's decimals and program, when the account is an initialized mint. */
export function readMint(
  account: SolanaAccountInfo | null,
): { decimals: number; tokenProgram: Address } | undefined {
  if (!account) return undefined
  const tokenProgram =
    account.owner === TOKEN_PROGRAM
      ? TOKEN_PROGRAM
      : account.owner === TOKEN_2022_PROGRAM
        ? TOKEN_2022_PROGRAM
        : undefined
  if (!tokenProgram || account.data.length < MINT_SIZE) return undefined
  if (account.data[MINT_INITIALIZED_OFFSET] !== 1) return undefined
  return { decimals: account.data[MINT_DECIMALS_OFFSET] as number, tokenProgram }
}
