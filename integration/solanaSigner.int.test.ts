import { createMemoryStorage, createPortico, type PorticoClient } from '@portico/core'
import { getSolanaSigner, solanaAdapter } from '@portico/core/solana'
import { type Devnet, startDevnet } from '@portico/devnet'
import { createDevnetSolanaWalletCore } from '@portico/devnet/solana-wallet'
import {
  address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getPublicKeyFromAddress,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signAndSendTransactionMessageWithSigners,
  signTransactionMessageWithSigners,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The app's own Solana transaction, built with @solana/kit and signed through Portico's signer
// by the Devnet Solana Wallet (approving); the devnet's Solana chain mines it.
let devnet: Devnet
let portico: PorticoClient

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  const wallet = createDevnetSolanaWalletCore({
    chains: [
      { id: devnet.solana.caipNetworkId, name: 'Devnet Solana', rpcUrl: devnet.solana.rpcUrl },
    ],
    autoApprove: true,
    origin: 'http://127.0.0.1:5173',
    storageKey: 'solana-signer-int',
  })
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.solana.network, ...devnet.networks] as never,
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    adapters: { solana: solanaAdapter },
    connectors: [
      { id: 'solana', name: 'Devnet Solana Wallet', chain: 'solana', wallet: wallet.wallet },
    ],
  })
}, 60_000)

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

describe("the app's own Solana calls through Portico's @solana/kit signer", () => {
  it('refuses a signer while no Solana wallet is connected', async () => {
    await expect(getSolanaSigner(portico)).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
  })

  it('signs and sends a SOL transfer the app built; the chain moves the lamports', async () => {
    await portico.connection.connect({ connectorId: 'solana' })
    const signer = await getSolanaSigner(portico)
    expect(signer.address).toBe(devnet.solanaAccounts[0]!.address)
    const rpc = createSolanaRpc(devnet.solana.rpcUrl)
    const to = address(devnet.solanaAccounts[1]!.address)
    const before = (await rpc.getBalance(to).send()).value
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: signer,
            destination: to,
            amount: lamports(1_500_000n),
          }),
          m,
        ),
    )
    const signature = await signAndSendTransactionMessageWithSigners(message)
    expect(signature).toHaveLength(64)
    await expect
      .poll(async () => (await rpc.getBalance(to).send()).value - before, { timeout: 10_000 })
      .toBe(1_500_000n)
  })

  it('signs a transaction without sending it, and a message that verifies with the public key', async () => {
    const signer = await getSolanaSigner(portico)
    const rpc = createSolanaRpc(devnet.solana.rpcUrl)
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    // kit asks a modifying signer to sign: the wallet signs, nothing is sent.
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: signer,
              destination: address(devnet.solanaAccounts[1]!.address),
              amount: lamports(1n),
            }),
            m,
          ),
      ),
    )
    expect(transaction.signatures[signer.address]).toHaveLength(64)

    const content = new TextEncoder().encode('gm from the app')
    const [signed] = await signer.signMessages([{ content, signatures: {} }])
    const key = await getPublicKeyFromAddress(signer.address)
    expect(await verifySignature(key, signed![signer.address]!, content)).toBe(true)
    const text = await portico.wallet.signMessage({ message: 'gm', namespace: 'solana' })
    expect(getBase58Encoder().encode(text)).toHaveLength(64)
  })
})
