import {
  appendTransactionMessageInstructions,
  createSignerFromKeyPair,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  type DevnetSolanaInfo,
  LAMPORTS_PER_SOL,
  SOLANA_AUTHORITY_FUNDING_SOL,
  SOLANA_FUNDING_SOL,
  SOLANA_GENESIS_HASH,
  SOLANA_MINT_AUTHORITY_INDEX,
  SOLANA_MINT_KEY_INDEX,
  SOLANA_USDC,
  solanaInfoAt,
} from './constants.js'
import { keyPairFromSeed, mnemonicToSeed, type SolanaKeyPair, solanaPath } from './keys.js'
import { createLedger, type Ledger } from './ledger.js'
import { type SolanaRpcServer, startSolanaRpcServer } from './server.js'

export type SolanaDevnet = {
  info: DevnetSolanaInfo
  ledger: Ledger
  /** The funded accounts with their key pairs (non-extractable CryptoKeys). */
  accounts: SolanaKeyPair[]
  mintAuthority: SolanaKeyPair
  server: SolanaRpcServer
  close(): Promise<void>
}

/**
 * Starts the Solana chain: a LiteSVM ledger seeded at genesis (SOL airdropped to the funded
 * accounts and the mint authority; then one transaction that creates the USDC mint, each
 * account's associated token account and mints 10 000 USDC into it), behind the JSON-RPC
 * facade on `port` (0: a free one).
 */
export async function startSolanaDevnet(options: {
  host: string
  port: number
  mnemonic: string
  accountCount: number
  log?: (line: string) => void
}): Promise<SolanaDevnet> {
  const seed = await mnemonicToSeed(options.mnemonic)
  const derive = (index: number) => keyPairFromSeed(seed, solanaPath(index))
  const [authority, mintKey, ...accounts] = await Promise.all([
    derive(SOLANA_MINT_AUTHORITY_INDEX),
    derive(SOLANA_MINT_KEY_INDEX),
    ...Array.from({ length: options.accountCount }, (_, i) => derive(i)),
  ])
  if (!authority || !mintKey) throw new Error('could not derive the Solana devnet keys')

  const ledger = createLedger()
  for (const account of accounts)
    ledger.airdrop(account.address, SOLANA_FUNDING_SOL * LAMPORTS_PER_SOL)
  ledger.airdrop(authority.address, SOLANA_AUTHORITY_FUNDING_SOL * LAMPORTS_PER_SOL)
  await seedUsdc(ledger, authority, mintKey, accounts)

  const server = await startSolanaRpcServer({
    host: options.host,
    port: options.port,
    context: { ledger, genesisHash: SOLANA_GENESIS_HASH },
    ...(options.log ? { log: options.log } : {}),
  })
  const info = { ...solanaInfoAt(server.url), accounts: accounts.map((a) => a.address as string) }
  info.mints = { usdc: mintKey.address }
  return { info, ledger, accounts, mintAuthority: authority, server, close: () => server.close() }
}

/** The mint and every funded account's USDC, in one real transaction through the programs. */
async function seedUsdc(
  ledger: Ledger,
  authority: SolanaKeyPair,
  mintKey: SolanaKeyPair,
  owners: SolanaKeyPair[],
) {
  const payer = await createSignerFromKeyPair(authority.keyPair)
  const mint = await createSignerFromKeyPair(mintKey.keyPair)
  const space = BigInt(getMintSize())
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: ledger.minimumBalanceForRentExemption(space),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: SOLANA_USDC.decimals,
      mintAuthority: payer.address,
      freezeAuthority: null,
    }),
  ]
  const amount = SOLANA_USDC.funding * 10n ** BigInt(SOLANA_USDC.decimals)
  for (const owner of owners) {
    const [ata] = await findAssociatedTokenPda({
      owner: owner.address,
      mint: mint.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata,
        owner: owner.address,
        mint: mint.address,
      }),
      getMintToCheckedInstruction({
        mint: mint.address,
        token: ata,
        mintAuthority: payer,
        amount,
        decimals: SOLANA_USDC.decimals,
      }),
    )
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(ledger.latestBlockhash(), m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const wire = new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64'))
  const signature = ledger.send(wire, { skipPreflight: true })
  const status = ledger.status(signature)
  if (status?.err) throw new Error(`seeding the Solana USDC failed: ${JSON.stringify(status.err)}`)
}
