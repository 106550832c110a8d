// A Wallet Standard app, as the SDK's Solana adapter will be: it finds wallets with
// @wallet-standard/app and calls their features. The test drives it through window.app.
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getWallets } from '@wallet-standard/app'

const NAME = 'Devnet Solana Wallet'
const { get, on } = getWallets()
const changes = []

function wallet() {
  const found = get().find((w) => w.name === NAME)
  if (!found) throw new Error('wallet not found')
  return found
}

/** Runs a wallet call and answers a plain object, the error's fields included. */
async function settle(call) {
  try {
    return { ok: true, value: await call() }
  } catch (error) {
    return {
      ok: false,
      name: error?.name,
      message: error?.message,
      code: error?.code,
      walletStandardCode: error?.context?.__code,
    }
  }
}

const bytes = (value) => Array.from(value)

window.app = {
  ready: true,
  wallets: () =>
    get().map((w) => ({ name: w.name, chains: [...w.chains], features: Object.keys(w.features) })),
  registrations: 0,
  watch() {
    wallet().features['standard:events'].on('change', ({ accounts }) => {
      if (accounts) changes.push(accounts.map((a) => a.address))
    })
  },
  changes: () => changes,
  connect: (silent) =>
    settle(async () => {
      const { accounts } = await wallet().features['standard:connect'].connect({ silent })
      return accounts.map((a) => ({
        address: a.address,
        chains: [...a.chains],
        publicKey: bytes(a.publicKey),
      }))
    }),
  disconnect: () => settle(() => wallet().features['standard:disconnect'].disconnect()),
  signMessage: (text) =>
    settle(async () => {
      const [account] = wallet().accounts
      const message = new TextEncoder().encode(text)
      const [output] = await wallet().features['solana:signMessage'].signMessage({
        account,
        message,
      })
      return {
        signature: bytes(output.signature),
        signedMessage: bytes(output.signedMessage),
        type: output.signatureType,
      }
    }),
  sendSol: (rpcUrl, to, lamports, chain) =>
    settle(async () => {
      const [account] = wallet().accounts
      const rpc = createSolanaRpc(rpcUrl)
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const data = new Uint8Array(12)
      new DataView(data.buffer).setUint32(0, 2, true)
      new DataView(data.buffer).setBigUint64(4, BigInt(lamports), true)
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(address(account.address), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(
            {
              programAddress: address('11111111111111111111111111111111'),
              accounts: [
                { address: address(account.address), role: 3 },
                { address: address(to), role: 1 },
              ],
              data,
            },
            m,
          ),
      )
      const transaction = new Uint8Array(
        getTransactionEncoder().encode(compileTransaction(message)),
      )
      const [output] = await wallet().features[
        'solana:signAndSendTransaction'
      ].signAndSendTransaction({
        account,
        transaction,
        chain,
      })
      return getBase58Decoder().decode(output.signature)
    }),
}
on('register', () => {
  window.app.registrations += 1
})
