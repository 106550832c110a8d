import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'

const PROGRAM_NAMES: Record<string, string> = {
  '11111111111111111111111111111111': 'System Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022 Program',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account Program',
  ComputeBudget111111111111111111111111111111: 'Compute Budget Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo Program',
}
const SYSTEM_TRANSFER = 2
const TOKEN_TRANSFER = 3
const TOKEN_TRANSFER_CHECKED = 12

export type DecodedWalletTransaction = {
  transaction: Transaction
  /** Static account keys; the first `signers` of them must sign. */
  accounts: string[]
  signers: number
  version: 'legacy' | number
  lines: string[]
}

function formatUnits(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`
}

/**
 * Wire bytes → the transaction, its signers and plain-text lines for the approval prompt: fee
 * payer, each instruction's program, and the amounts of SOL and token transfers. Throws on
 * bytes that are not a transaction.
 */
export function decodeWalletTransaction(bytes: Uint8Array): DecodedWalletTransaction {
  const transaction = getTransactionDecoder().decode(bytes)
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  const accounts = message.staticAccounts.map(String)
  const lines = [`Fee payer: ${accounts[0] ?? 'none'}`]
  const instructions =
    'instructions' in message
      ? message.instructions.map((instruction) => ({
          program: accounts[instruction.programAddressIndex] ?? '?',
          keys: (instruction.accountIndices ?? []).map((i) => accounts[i] ?? '(lookup table)'),
          data: instruction.data ?? new Uint8Array(),
        }))
      : []
  instructions.forEach((instruction, i) => {
    const name = PROGRAM_NAMES[instruction.program] ?? instruction.program
    const data = instruction.data
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    let what = ''
    if (
      name === 'System Program' &&
      data.length >= 12 &&
      view.getUint32(0, true) === SYSTEM_TRANSFER
    ) {
      const lamports = view.getBigUint64(4, true)
      what = `: transfer ${formatUnits(lamports, 9)} SOL to ${instruction.keys[1]}`
    } else if (
      name.startsWith('Token') &&
      data[0] === TOKEN_TRANSFER_CHECKED &&
      data.length >= 10
    ) {
      const decimals = data[9] as number
      what = `: transfer ${formatUnits(view.getBigUint64(1, true), decimals)} of mint ${instruction.keys[1]} to ${instruction.keys[2]}`
    } else if (name.startsWith('Token') && data[0] === TOKEN_TRANSFER && data.length >= 9) {
      what = `: transfer ${view.getBigUint64(1, true)} base units to ${instruction.keys[1]}`
    }
    lines.push(`Instruction ${i + 1}: ${name}${what}`)
  })
  if ('instructionHeaders' in message) lines.push(`${message.numInstructions} instructions (v1)`)
  return {
    transaction,
    accounts,
    signers: message.header.numSignerAccounts,
    version: message.version,
    lines,
  }
}

/** A message for the prompt: its text when it is printable UTF-8, else its hex. */
export function readableSolanaMessage(message: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    if (!/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text)) return text
  } catch {
    // not UTF-8
  }
  return `0x${[...message].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}
