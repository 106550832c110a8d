import { apiUrls, projectId, solana, solanaNetworks } from 'virtual:portico-devnet'
import { createPortico, isPorticoError } from '@portico/core'
import { solanaAdapter } from '@portico/core/solana'
import { PorticoProvider, useAccount } from '@portico/react'
import { useSolanaSigner } from '@portico/react/solana'
import { ConnectButton, Modal } from '@portico/ui-kit'
import {
  address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signAndSendTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { useState } from 'react'
import { errorText } from '../errors.js'

const AMOUNT = 10_000_000n // 0.01 SOL
const rpc = createSolanaRpc(solana.rpcUrl)

/**
 * The app's own Solana transaction: a SOL transfer built with @solana/kit, signed and sent by the
 * connected wallet through Portico's signer (`useSolanaSigner`).
 */
function Transfer() {
  const { isConnected } = useAccount()
  const { data: signer } = useSolanaSigner()
  const to = solana.accounts[1] as string
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)

  async function send() {
    if (!signer) return
    setBusy(true)
    setStatus('Asking your wallet to sign and send 0.01 SOL…')
    try {
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: signer,
              destination: address(to),
              amount: lamports(AMOUNT),
            }),
            m,
          ),
      )
      const signature = await signAndSendTransactionMessageWithSigners(message)
      const balance = (await rpc.getBalance(address(to)).send()).value
      setStatus(
        `Sent ${getBase58Decoder().decode(signature)}; the receiver holds ${Number(balance) / 1e9} SOL`,
      )
    } catch (error) {
      setStatus(isPorticoError(error) ? errorText(error) : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-label="Send SOL">
      <h2>Send SOL</h2>
      <p>
        To <code>{to}</code>
      </p>
      <button type="button" onClick={send} disabled={!isConnected || !signer || busy}>
        Send 0.01 SOL
      </button>
      <p role="status" aria-label="Transfer status">
        {status}
      </p>
    </section>
  )
}

export function SolanaApp() {
  const [client] = useState(() =>
    createPortico({
      projectId,
      networks: solanaNetworks,
      adapters: { solana: solanaAdapter },
      apiUrls,
      metadata: {
        name: 'Portico guestbook',
        description: "An app's own Solana transfer on the devnet",
        url: window.location.origin,
        icons: [],
      },
    }),
  )
  return (
    <PorticoProvider client={client}>
      <main style={{ fontFamily: 'system-ui', padding: 32, maxWidth: 760 }}>
        <h1>Solana transfer</h1>
        <p>
          Connect a Solana wallet, then send SOL with a transaction this page builds.{' '}
          <a href="./">The guestbook (EVM)</a>
        </p>
        <ConnectButton />
        <Transfer />
        <Modal />
      </main>
    </PorticoProvider>
  )
}
