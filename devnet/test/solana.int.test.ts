import {
  type Address,
  address,
  airdropFactory,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  compileTransactionMessage,
  createSignerFromKeyPair,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  getUtf8Encoder,
  type Instruction,
  isSolanaError,
  lamports,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type Signature,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransactionMessageWithSigners,
  type TransactionSigner,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  fetchMaybeToken,
  fetchMint,
  fetchToken,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../src/index.js'
import { api, apiJson, CONTROL_HEADERS } from './helpers.js'

let devnet: Devnet
let rpc: Rpc<SolanaRpcApi>
let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>
let sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>
let signers: TransactionSigner[]
let usdc: Address

const SOL = 1_000_000_000n
const USDC_UNIT = 1_000_000n
const CAIP = 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, relay: 0, chains: [0, 0, 0] } })
  rpc = createSolanaRpc(devnet.solana.rpcUrl)
  subscriptions = createSolanaRpcSubscriptions(devnet.solana.wsUrl)
  sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })
  signers = await Promise.all(
    devnet.solanaAccounts.map((account) => createSignerFromKeyPair(account.keyPair)),
  )
  usdc = address(devnet.solana.mints.usdc)
})

afterAll(async () => {
  await devnet?.stop()
})

async function transaction(feePayer: TransactionSigner, instructions: Instruction[]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const fee = await rpc
    .getFeeForMessage(
      Buffer.from(
        getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message)),
      ).toString('base64') as never,
    )
    .send()
  const signed = await signTransactionMessageWithSigners(message)
  assertIsTransactionWithBlockhashLifetime(signed)
  return { signed, fee: fee.value }
}

const balance = async (owner: Address) => (await rpc.getBalance(owner).send()).value

async function usdcBalance(owner: Address) {
  const [ata] = await findAssociatedTokenPda({
    owner,
    mint: usdc,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const account = await fetchMaybeToken(rpc, ata)
  return account.exists ? account.data.amount : 0n
}

describe('Solana devnet through @solana/kit', () => {
  it('names the cluster: genesis hash, CAIP-2 id and network entry', async () => {
    expect(await rpc.getGenesisHash().send()).toBe('8eRXQkZRbsigXb4zuUASq8R3mfJCH3FPCukp5y9sMavX')
    expect(devnet.solana.caipNetworkId).toBe(CAIP)
    expect(devnet.solana.network).toEqual({
      id: CAIP,
      name: 'Devnet Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { http: [devnet.solana.rpcUrl], webSocket: [devnet.solana.wsUrl] },
      testnet: true,
    })
    // Kept apart from the EVM networks apps hand to the SDK.
    expect(devnet.networks.map((n) => n.id)).toEqual(['eip155:31337', 'eip155:31338'])
    const info = await (
      await fetch(`${devnet.apiUrl}/__devnet/info`, { headers: CONTROL_HEADERS })
    ).json()
    expect(info.solana).toEqual(devnet.solana)
    expect((await rpc.getVersion().send())['solana-core']).toBe('3.0.0')
    expect(await rpc.getHealth().send()).toBe('ok')
  })

  it('seeds 1 000 SOL and 10 000 USDC (6 decimals) in each devnet account', async () => {
    expect(devnet.solana.accounts).toEqual([
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
      'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
      '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp',
    ])
    expect(usdc).toBe('GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce')
    // The last two accounts are never spent from in this file.
    for (const owner of devnet.solana.accounts.slice(2) as Address[]) {
      expect(await balance(owner)).toBe(1_000n * SOL)
      expect(await usdcBalance(owner)).toBe(10_000n * USDC_UNIT)
      const { value } = await rpc
        .getTokenAccountsByOwner(owner, { mint: usdc }, { encoding: 'jsonParsed' })
        .send()
      expect(value).toHaveLength(1)
      expect(value[0]?.account.data.parsed.info).toMatchObject({
        mint: usdc,
        owner,
        state: 'initialized',
        tokenAmount: {
          amount: '10000000000',
          decimals: 6,
          uiAmount: 10000,
          uiAmountString: '10000',
        },
      })
    }
    const mint = await fetchMint(rpc, usdc)
    expect(mint.data.decimals).toBe(6)
    expect(mint.data.supply).toBe(40_000n * USDC_UNIT)
    expect(mint.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
  })

  it('sends SOL between two devnet accounts: the sender pays amount + fee, the receiver gets amount', async () => {
    const [from, to] = signers as [TransactionSigner, TransactionSigner]
    const [fromBefore, toBefore] = [await balance(from.address), await balance(to.address)]
    const amount = 2n * SOL + 12_345n
    const { signed, fee } = await transaction(from, [
      getTransferSolInstruction({ source: from, destination: to.address, amount }),
    ])
    expect(fee).toBe(5000n)
    await sendAndConfirm(signed, { commitment: 'confirmed' })

    expect(await balance(from.address)).toBe(fromBefore - amount - 5000n)
    expect(await balance(to.address)).toBe(toBefore + amount)
    const signature = getSignatureFromTransaction(signed)
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    const landed = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(landed?.meta?.fee).toBe(5000n)
    expect(landed?.transaction.message.accountKeys.slice(0, 2)).toEqual([from.address, to.address])
  })

  it('sends USDC, creating the receiver’s associated token account, and both balances change', async () => {
    const from = signers[1] as TransactionSigner
    const receiver = (await generateKeyPairSigner()).address
    expect(await usdcBalance(receiver)).toBe(0n)
    const before = await usdcBalance(from.address)
    const [source] = await findAssociatedTokenPda({
      owner: from.address,
      mint: usdc,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: receiver,
      mint: usdc,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const { signed } = await transaction(from, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer: from,
        owner: receiver,
        mint: usdc,
      }),
      getTransferCheckedInstruction({
        source,
        mint: usdc,
        destination,
        authority: from,
        amount: 250n * USDC_UNIT + 5n,
        decimals: 6,
      }),
    ])
    await sendAndConfirm(signed, { commitment: 'confirmed' })

    expect(await usdcBalance(from.address)).toBe(before - 250n * USDC_UNIT - 5n)
    expect(await usdcBalance(receiver)).toBe(250n * USDC_UNIT + 5n)
    const created = await fetchToken(rpc, destination)
    expect(created.data.owner).toBe(receiver)

    // The balance route reads the same chain.
    const { balances } = await apiJson<{ balances: Record<string, unknown>[] }>(
      devnet,
      `/v1/account/${receiver}/balance?currency=usd&chainId=${CAIP}`,
    )
    expect(balances).toEqual([
      expect.objectContaining({
        symbol: 'USDC',
        address: `${CAIP}:GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce`,
        quantity: { decimals: '6', numeric: '250.000005' },
      }),
    ])
  })

  it('answers the balance route from the chain: SOL and USDC, priced, in the EVM item shape', async () => {
    const owner = devnet.solana.accounts[1] as Address
    const sol = await balance(owner)
    const tokens = await usdcBalance(owner)
    const { balances } = await apiJson<{ balances: Record<string, unknown>[] }>(
      devnet,
      `/v1/account/${owner}/balance?currency=usd&chainId=${CAIP}`,
    )
    const solNumeric = `${sol / SOL}.${(sol % SOL).toString().padStart(9, '0')}`.replace(
      /\.?0+$/,
      '',
    )
    const usdcNumeric =
      `${tokens / USDC_UNIT}.${(tokens % USDC_UNIT).toString().padStart(6, '0')}`.replace(
        /\.?0+$/,
        '',
      )
    expect(balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: CAIP,
        value: Number(solNumeric) * 150,
        price: 150,
        quantity: { decimals: '9', numeric: solNumeric },
        iconUrl: expect.stringContaining('/public/getTokenImage/SOL?projectId='),
      },
      {
        name: 'USD Coin (Devnet)',
        symbol: 'USDC',
        chainId: CAIP,
        address: `${CAIP}:GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce`,
        value: Number(usdcNumeric),
        price: 1,
        quantity: { decimals: '6', numeric: usdcNumeric },
        iconUrl: expect.stringContaining('/public/getTokenImage/USDC?projectId='),
      },
    ])
    const chains = await apiJson<{ http: string[]; ws: string[] }>(devnet, '/v1/supported-chains')
    expect(chains.http).toEqual(['eip155:31337', 'eip155:31338', CAIP])
    expect(chains.ws).toContain(CAIP)

    for (const [path, error] of [
      [
        `/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?chainId=${CAIP}`,
        'invalid address',
      ],
      [
        `/v1/account/${owner}/balance?chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`,
        'unsupported chainId solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      ],
      [`/v1/account/${owner}/balance?chainId=eip155:31337`, 'invalid address'],
    ] as const) {
      const response = await api(devnet, path)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error })
    }
  })

  it('signs a message that kit’s verifySignature accepts, and refuses a changed one', async () => {
    const { keyPair } = devnet.solanaAccounts[0] as Devnet['solanaAccounts'][number]
    const message = getUtf8Encoder().encode('Sign in to Portico devnet')
    const signature = await signBytes(keyPair.privateKey, message)
    expect(await verifySignature(keyPair.publicKey, signature, message)).toBe(true)
    const changed = getUtf8Encoder().encode('Sign in to Portico devnet!')
    expect(await verifySignature(keyPair.publicKey, signature, changed)).toBe(false)
  })

  it('airdrops through kit’s airdropFactory (requestAirdrop + signature subscription)', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const airdrop = airdropFactory({ rpc, rpcSubscriptions: subscriptions })
    await airdrop({
      recipientAddress: receiver,
      lamports: lamports(3n * SOL),
      commitment: 'confirmed',
    })
    expect(await balance(receiver)).toBe(3n * SOL)
  })

  it('notifies an account subscription when a transfer changes the balance', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const abort = new AbortController()
    const notifications = await subscriptions
      .accountNotifications(receiver, { encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    // kit hands an iterator only what arrives after its first next().
    const next = notifications[Symbol.asyncIterator]().next()
    await rpc.requestAirdrop(receiver, lamports(7n * SOL)).send()
    const { value: notification } = await next
    expect(notification?.value?.lamports).toBe(7n * SOL)
    expect(notification?.value?.owner).toBe('11111111111111111111111111111111')
    abort.abort()
  })

  it('simulates unsigned transactions with sigVerify off and a replaced blockhash, as kit estimates compute units', async () => {
    const from = signers[2] as TransactionSigner
    const to = signers[3] as TransactionSigner
    const before = await balance(to.address)
    const { value } = await raw('simulateTransaction', [
      getBase64EncodedWireTransaction(
        (
          await transaction(from, [
            getTransferSolInstruction({ source: from, destination: to.address, amount: 9n }),
          ])
        ).signed,
      ),
      {
        encoding: 'base64',
        replaceRecentBlockhash: true,
        accounts: { addresses: [to.address], encoding: 'base64' },
      },
    ]).then(
      (answer) =>
        answer.result as {
          value: { err: unknown; unitsConsumed: number; accounts: { lamports: number }[] }
        },
    )
    expect(value.err).toBeNull()
    expect(value.unitsConsumed).toBeGreaterThan(0)
    expect(BigInt(value.accounts[0]?.lamports ?? 0)).toBe(before + 9n)
    // Nothing was sent.
    expect(await balance(to.address)).toBe(before)
  })

  it('refuses what cannot land: preflight failures, a duplicate, an unknown blockhash', async () => {
    const from = signers[0] as TransactionSigner
    const to = signers[3] as TransactionSigner
    const before = await balance(from.address)
    const tooMuch = await transaction(from, [
      getTransferSolInstruction({ source: from, destination: to.address, amount: 10_000n * SOL }),
    ])
    const failure = await sendAndConfirm(tooMuch.signed, { commitment: 'confirmed' }).catch(
      (e: unknown) => e,
    )
    expect(
      isSolanaError(
        failure,
        SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      ),
    ).toBe(true)
    expect(await balance(from.address)).toBe(before)

    // skipPreflight: it lands, fails, and the fee is charged.
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tooMuch.signed), {
        encoding: 'base64',
        skipPreflight: true,
      })
      .send()
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(await balance(from.address)).toBe(before - 5000n)

    const once = await transaction(from, [
      getTransferSolInstruction({ source: from, destination: to.address, amount: 1n }),
    ])
    const wire = getBase64EncodedWireTransaction(once.signed)
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    const again = await raw('sendTransaction', [wire, { encoding: 'base64' }])
    expect(again.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
    })

    const stale = await raw('sendTransaction', [
      getBase64EncodedWireTransaction(
        await signTransactionMessageWithSigners(
          pipe(
            createTransactionMessage({ version: 0 }),
            (m) => setTransactionMessageFeePayerSigner(from, m),
            (m) =>
              setTransactionMessageLifetimeUsingBlockhash(
                {
                  blockhash: '11111111111111111111111111111111' as never,
                  lastValidBlockHeight: 1n,
                },
                m,
              ),
            (m) =>
              appendTransactionMessageInstructions(
                [getTransferSolInstruction({ source: from, destination: to.address, amount: 1n })],
                m,
              ),
          ),
        ),
      ),
      { encoding: 'base64', skipPreflight: true },
    ])
    expect(stale.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
    })
  })

  it('answers JSON-RPC errors for unknown methods and bad requests', async () => {
    expect((await raw('getBlockProduction', [])).error).toEqual({
      code: -32601,
      message: 'Method not found: getBlockProduction',
    })
    expect((await raw('getBalance', ['not-an-address'])).error).toMatchObject({ code: -32602 })
    const parse = await fetch(devnet.solana.rpcUrl, { method: 'POST', body: '{"jsonrpc":' })
    expect(await parse.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
    const batch = await fetch(devnet.solana.rpcUrl, {
      method: 'POST',
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '1.0', id: 2, method: 'getSlot' },
      ]),
    })
    const answers = await batch.json()
    expect(answers[0].result).toBeGreaterThan(0)
    expect(answers[1]).toMatchObject({ id: 2, error: { code: -32600 } })
    const preflight = await fetch(devnet.solana.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Headers': 'content-type,solana-client',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
  })
})

async function raw(method: string, params: unknown[]) {
  const response = await fetch(devnet.solana.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

export type { Signature }
