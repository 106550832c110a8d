// The Devnet Bitcoin Wallet as a Wallet Standard wallet: `standard:connect`, `standard:disconnect`,
// `standard:events`, the Bitcoin features of Exodus' bitcoin-wallet-standard (`bitcoin:connect`,
// `bitcoin:signMessage`, `bitcoin:signTransaction`, `bitcoin:signAndSendTransaction`), a
// `bitcoin:sendTransfer`, and `sats-connect:` carrying the sats-connect provider (as Xverse does).

import { base64, hex } from '@scure/base'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import type { AddressPurpose, BitcoinKey } from '../../chains/bitcoin/keys.js'
import type { MessageProtocol } from '../../chains/bitcoin/message.js'
import {
  BITCOIN_DEVNET_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_CHAIN,
} from '../../chains/bitcoin/network.js'
import type { DevnetBitcoinWalletCore } from './core.js'
import { invalidParams } from './errors.js'
import type { SatsConnectProvider } from './satsConnect.js'

export const DEVNET_BITCOIN_WALLET_NAME = 'Devnet Bitcoin Wallet'
/** The chains the wallet is on: the Wallet Standard name and the CAIP-2 id of the same chain. */
export const DEVNET_BITCOIN_WALLET_CHAINS = [
  BITCOIN_REGTEST_CHAIN,
  BITCOIN_DEVNET_CAIP_NETWORK_ID,
] as const satisfies readonly IdentifierString[]

export const BITCOIN_FEATURES = [
  'bitcoin:connect',
  'bitcoin:signMessage',
  'bitcoin:signTransaction',
  'bitcoin:signAndSendTransaction',
  'bitcoin:sendTransfer',
] as const

type Chain = (typeof DEVNET_BITCOIN_WALLET_CHAINS)[number]

/** One address of the wallet as the Wallet Standard shows it; `label` says its purpose. */
class DevnetBitcoinAccount implements WalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains = DEVNET_BITCOIN_WALLET_CHAINS
  readonly features = BITCOIN_FEATURES
  readonly label: string
  constructor(key: BitcoinKey) {
    this.address = key.address
    this.publicKey = hex.decode(key.publicKey)
    this.label = key.purpose === 'payment' ? 'Payment' : 'Ordinals'
    Object.freeze(this)
  }
}

type BitcoinConnectInput = { purposes?: readonly AddressPurpose[] }
type BitcoinSignMessageInput = {
  account: WalletAccount
  message: Uint8Array
  /** BIP322 by default; ECDSA (BIP-137) for the payment address only. */
  protocol?: MessageProtocol
}
type BitcoinSignTransactionInput = {
  psbt: Uint8Array
  chain?: IdentifierString
  inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: number }[]
}
type BitcoinSendTransferInput = {
  recipients: { address: string; amount: number | bigint }[]
  feeRate?: number
}

export type DevnetBitcoinStandardWallet = Wallet & {
  features: StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature & {
      'bitcoin:connect': {
        version: '1.0.0'
        connect(input: BitcoinConnectInput): Promise<{ accounts: readonly WalletAccount[] }>
      }
      'bitcoin:signMessage': {
        version: '1.0.0'
        signMessage(
          ...inputs: BitcoinSignMessageInput[]
        ): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]>
      }
      'bitcoin:signTransaction': {
        version: '1.0.0'
        signTransaction(
          ...inputs: BitcoinSignTransactionInput[]
        ): Promise<{ signedPsbt: Uint8Array }[]>
      }
      'bitcoin:signAndSendTransaction': {
        version: '1.0.0'
        signAndSendTransaction(
          ...inputs: BitcoinSignTransactionInput[]
        ): Promise<{ txId: string }[]>
      }
      'bitcoin:sendTransfer': {
        version: '1.0.0'
        sendTransfer(input: BitcoinSendTransferInput): Promise<{ txid: string }>
      }
      'sats-connect:': { provider: SatsConnectProvider }
    }
}

export function createStandardWallet(
  core: DevnetBitcoinWalletCore,
  icon: WalletIcon,
  provider: SatsConnectProvider,
): DevnetBitcoinStandardWallet {
  // Wallet Standard asks for stable account objects: one per address, reused.
  const accountObjects = new Map<string, DevnetBitcoinAccount>()
  const accountOf = (key: BitcoinKey) => {
    let account = accountObjects.get(key.address)
    if (!account) {
      account = new DevnetBitcoinAccount(key)
      accountObjects.set(key.address, account)
    }
    return account
  }
  const listeners = new Set<StandardEventsListeners['change']>()
  core.onAccountsChanged(() => {
    const accounts = core.connectedKeys().map(accountOf)
    for (const listener of [...listeners]) listener({ accounts })
  })

  async function signTransactions(inputs: BitcoinSignTransactionInput[], send: boolean) {
    const results: { psbt: Uint8Array; txid?: string }[] = []
    for (const input of inputs) {
      if (!(input?.psbt instanceof Uint8Array)) throw invalidParams('psbt must be bytes')
      if (input.chain && !DEVNET_BITCOIN_WALLET_CHAINS.includes(input.chain as Chain)) {
        throw invalidParams(`unsupported chain ${input.chain}`)
      }
      const signInputs: Record<string, number[]> = {}
      let sighash: number | undefined
      for (const item of input.inputsToSign ?? []) {
        const address = item?.account?.address
        if (typeof address !== 'string') throw invalidParams('inputsToSign needs accounts')
        signInputs[address] = [...(signInputs[address] ?? []), ...(item.signingIndexes ?? [])]
        sighash ??= item.sigHash
      }
      results.push(await core.signPsbt(input.psbt, signInputs, send, sighash))
    }
    return results
  }

  const wallet: DevnetBitcoinStandardWallet = {
    version: '1.0.0',
    name: DEVNET_BITCOIN_WALLET_NAME,
    icon,
    chains: DEVNET_BITCOIN_WALLET_CHAINS,
    get accounts() {
      return core.connectedKeys().map(accountOf)
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        // The payment address, the default account type for Bitcoin.
        async connect(input) {
          await core.connect(['payment'], input?.silent === true)
          return { accounts: wallet.accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          core.disconnect()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event, listener) {
          if (event !== 'change') return () => {}
          const typed = listener as StandardEventsListeners['change']
          listeners.add(typed)
          return () => listeners.delete(typed)
        },
      },
      'bitcoin:connect': {
        version: '1.0.0',
        async connect(input) {
          const keys = await core.connect(input?.purposes ?? ['payment'])
          return { accounts: keys.map(accountOf) }
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs) {
          const outputs: { signedMessage: Uint8Array; signature: Uint8Array }[] = []
          for (const input of inputs) {
            if (!(input?.message instanceof Uint8Array))
              throw invalidParams('message must be bytes')
            const signed = await core.signMessage(
              input.account?.address,
              input.message,
              input.protocol ?? 'BIP322',
            )
            outputs.push({ signedMessage: input.message, signature: signed.signature })
          }
          return outputs
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(...inputs) {
          const results = await signTransactions(inputs, false)
          return results.map((r) => ({ signedPsbt: r.psbt }))
        },
      },
      'bitcoin:signAndSendTransaction': {
        version: '1.0.0',
        async signAndSendTransaction(...inputs) {
          const results = await signTransactions(inputs, true)
          return results.map((r) => ({ txId: r.txid as string }))
        },
      },
      'bitcoin:sendTransfer': {
        version: '1.0.0',
        async sendTransfer(input) {
          const { txid } = await core.sendTransfer(input?.recipients ?? [], input?.feeRate)
          return { txid }
        },
      },
      'sats-connect:': { provider },
    },
  }
  return wallet
}

/** A BIP-322 signature from `bitcoin:signMessage` as the base64 string verifiers take. */
export const signatureToBase64 = (signature: Uint8Array) => base64.encode(signature)
