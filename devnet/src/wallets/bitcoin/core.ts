// The Devnet Bitcoin Wallet without any DOM: keys, what the site may use, requests waiting for
// consent, and the chain calls (Esplora REST). The Wallet Standard wallet, the sats-connect
// provider and the prompt UI are thin layers over it.
import { hex } from '@scure/base'
import type { AddressPurpose, BitcoinKey } from '../../chains/bitcoin/keys.js'
import {
  bip322MessageHash,
  legacyMessageHash,
  type MessageProtocol,
  signBip322Witness,
  signLegacyMessage,
} from '../../chains/bitcoin/message.js'
import { parseAddress } from '../../chains/bitcoin/parse.js'
import { buildTransfer, type SignedTransfer } from '../../chains/bitcoin/transfer.js'
import { consent, createApprovalQueue, type PendingApproval } from '../shared/approvals.js'
import { createListeners, loadSaved, save, savedIndex } from '../shared/state.js'
import type { BrowserWalletOptions } from '../shared/types.js'
import { BitcoinWalletError, invalidParams, unauthorized, userRejected } from './errors.js'
import { createEsploraClient } from './esplora.js'
import { formatBtc, readable } from './format.js'
import { deriveKeys } from './keys.js'
import { parseRecipients } from './payments.js'
import { signPsbt } from './psbt.js'

const DEVNET_BITCOIN_WALLET_MNEMONIC = 'test test test test test test test test test test test junk'
export const DEFAULT_BITCOIN_STORAGE_KEY = 'portico-devnet-bitcoin-wallet'
const PURPOSES: readonly AddressPurpose[] = ['payment', 'ordinals']

/** Each account is a payment and an ordinals key. */
export type DevnetBitcoinWalletOptions = BrowserWalletOptions & {
  /** The chain's Esplora-style REST API (`devnet.bitcoin.esploraUrl`). */
  esploraUrl: string
}

export type BitcoinPendingApproval = PendingApproval

export type BitcoinWalletSnapshot = {
  ready: boolean
  accounts: readonly { payment: string; ordinals: string }[]
  accountIndex: number
  /** The purposes the site may use, in the order they were granted; empty when not connected. */
  authorized: readonly AddressPurpose[]
  origin: string
  pending: readonly BitcoinPendingApproval[]
}

export type SignedMessage = {
  address: string
  protocol: MessageProtocol
  /** BIP-322: the serialized witness; ECDSA: the 65-byte BIP-137 signature. */
  signature: Uint8Array
  signatureBase64: string
  /** The hash that was signed, hex. */
  messageHash: string
}

type Persisted = { authorized: AddressPurpose[]; accountIndex: number }

export type DevnetBitcoinWalletCore = ReturnType<typeof createBitcoinWalletCore>

export function createBitcoinWalletCore(options: DevnetBitcoinWalletOptions) {
  const esploraUrl = options.esploraUrl.replace(/\/+$/, '')
  const chain = createEsploraClient(esploraUrl)
  const storageKey = options.storageKey ?? DEFAULT_BITCOIN_STORAGE_KEY
  const origin = options.origin ?? globalThis.location?.origin ?? 'unknown origin'
  const accountCount = options.accountCount ?? 2
  const saved = loadSaved<Persisted>(storageKey)
  const state: Persisted = {
    authorized: grantedPurposes(saved.authorized),
    accountIndex: savedIndex(saved.accountIndex, accountCount),
  }
  let keys: { payment: BitcoinKey; ordinals: BitcoinKey }[] = []
  const subscribers = createListeners('devnet bitcoin wallet')
  /** Told when the accounts the site sees change (connect, disconnect, account switch). */
  const accountListeners = createListeners('devnet bitcoin wallet')
  const approvals = createApprovalQueue({
    ...(options.autoApprove ? { autoApprove: true } : {}),
    changed: () => subscribers.notify(),
  })

  const ready = deriveKeys(options.mnemonic ?? DEVNET_BITCOIN_WALLET_MNEMONIC, accountCount).then(
    (derived) => {
      keys = derived
      changed()
      if (state.authorized.length > 0) accountsChanged()
    },
  )

  function changed() {
    save(storageKey, state)
    subscribers.notify()
  }
  const accountsChanged = accountListeners.notify

  const current = () => keys[state.accountIndex]
  const keyFor = (purpose: AddressPurpose) => current()?.[purpose]

  /** The keys the site may use, payment first. */
  function connectedKeys(): BitcoinKey[] {
    return PURPOSES.filter((p) => state.authorized.includes(p))
      .map(keyFor)
      .filter((k): k is BitcoinKey => k !== undefined)
  }

  function ownKey(address: unknown): BitcoinKey {
    if (typeof address !== 'string') throw invalidParams('expected an address')
    let canonical: string
    try {
      canonical = parseAddress(address).address
    } catch {
      throw invalidParams(`${address} is not a regtest address`)
    }
    const key = connectedKeys().find((k) => k.address === canonical)
    if (!key) throw unauthorized(`${canonical} is not an address this site is connected to`)
    return key
  }

  /** Resolves once the request is approved; rejects with a user rejection otherwise. */
  const approval = (method: string, title: string, details: string[]) =>
    consent(approvals, { method, title, details }, userRejected)

  // One connection prompt at a time: a second connect waits for the same answer.
  let connecting: Promise<void> | undefined

  return {
    ready,
    esploraUrl,
    connectedKeys,

    /**
     * Asks for the purposes (payment by default) and answers their keys in the order asked.
     * Already granted: no prompt. `silent`: never prompts, answers what is already granted.
     */
    async connect(purposes: readonly AddressPurpose[] = ['payment'], silent = false) {
      await ready
      const wanted = [...new Set(purposes)]
      if (wanted.length === 0 || wanted.some((p) => !PURPOSES.includes(p))) {
        throw invalidParams('purposes must be "payment" and/or "ordinals"')
      }
      const missing = wanted.filter((p) => !state.authorized.includes(p))
      if (missing.length > 0) {
        if (silent) return connectedKeys()
        const key = current() as { payment: BitcoinKey; ordinals: BitcoinKey }
        while (connecting) await connecting.catch(() => {})
        const stillMissing = wanted.filter((p) => !state.authorized.includes(p))
        if (stillMissing.length > 0) {
          connecting = approval('connect', 'Connect to this site', [
            `Site: ${origin}`,
            ...wanted.map((p) => `${p === 'payment' ? 'Payment' : 'Ordinals'}: ${key[p].address}`),
            'Network: Devnet Bitcoin (regtest)',
          ]).finally(() => {
            connecting = undefined
          })
          await connecting
          state.authorized = [...state.authorized, ...stillMissing]
          changed()
          accountsChanged()
        }
      }
      return wanted.map((p) => keyFor(p) as BitcoinKey)
    },

    disconnect() {
      if (state.authorized.length === 0) return
      state.authorized = []
      changed()
      accountsChanged()
    },

    async signMessage(
      address: unknown,
      message: string | Uint8Array,
      protocol: MessageProtocol = 'BIP322',
    ): Promise<SignedMessage> {
      await ready
      const key = ownKey(address)
      if (protocol !== 'BIP322' && protocol !== 'ECDSA') {
        throw invalidParams('protocol must be BIP322 or ECDSA')
      }
      if (protocol === 'ECDSA' && key.addressType !== 'p2wpkh') {
        throw invalidParams('ECDSA signatures are for the payment address; use BIP322')
      }
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      await approval('signMessage', 'Signature request', [
        `Site: ${origin}`,
        `Address: ${key.address}`,
        `Protocol: ${protocol === 'BIP322' ? 'BIP-322' : 'ECDSA (BIP-137)'}`,
        'Message:',
        readable(bytes),
      ])
      const signature =
        protocol === 'BIP322'
          ? signBip322Witness(key, bytes)
          : Uint8Array.from(atob(signLegacyMessage(key, bytes)), (c) => c.charCodeAt(0))
      return {
        address: key.address,
        protocol,
        signature,
        signatureBase64: btoa(String.fromCharCode(...signature)),
        messageHash: hex.encode(
          protocol === 'BIP322' ? bip322MessageHash(bytes) : legacyMessageHash(bytes),
        ),
      }
    },

    /** Pays the recipients from the payment address (never the ordinals one) and broadcasts. */
    async sendTransfer(
      recipients: readonly { address: unknown; amount: unknown }[],
      requestedRate?: number,
    ): Promise<{ txid: string; transfer: SignedTransfer }> {
      await ready
      const key = connectedKeys().find((k) => k.purpose === 'payment')
      if (!key) throw unauthorized('connect the payment address first')
      const payments = parseRecipients(recipients)
      const rate = requestedRate ?? (await chain.feeRate())
      const utxos = await chain.utxos(key.address)
      let transfer: SignedTransfer
      try {
        transfer = buildTransfer({
          key,
          utxos: utxos.map((u) => ({ ...u, value: BigInt(u.value), script: key.script })),
          payments,
          feeRate: rate,
        })
      } catch (error) {
        throw new BitcoinWalletError(-32603, (error as Error).message)
      }
      await approval('sendTransfer', 'Send bitcoin', [
        `Site: ${origin}`,
        `From: ${key.address}`,
        ...payments.map((p) => `To: ${p.address}  ${formatBtc(p.value)} BTC`),
        `Fee: ${transfer.fee} sat (${rate} sat/vB)`,
        'Network: Devnet Bitcoin (regtest)',
      ])
      return { txid: await chain.broadcast(transfer.hex), transfer }
    },

    /**
     * Signs the given inputs of a PSBT with the connected keys (`signInputs`: address → input
     * indexes) and finalizes them; broadcasts the transaction when asked.
     */
    async signPsbt(
      psbt: Uint8Array,
      signInputs: Record<string, readonly number[]>,
      broadcastIt = false,
      sighash?: number,
    ): Promise<{ psbt: Uint8Array; txid?: string }> {
      await ready
      return signPsbt({ origin, ownKey, approval, broadcast: chain.broadcast }, psbt, signInputs, {
        broadcastIt,
        sighash,
      })
    },

    /** The payment address's balance in sats (Esplora's chain and mempool sums). */
    async balance() {
      await ready
      const key = connectedKeys().find((k) => k.purpose === 'payment')
      if (!key) throw unauthorized('connect the payment address first')
      return chain.balance(key.address)
    },

    feeRate: chain.feeRate,

    snapshot(): BitcoinWalletSnapshot {
      return {
        ready: keys.length > 0,
        accounts: keys.map((k) => ({ payment: k.payment.address, ordinals: k.ordinals.address })),
        accountIndex: state.accountIndex,
        authorized: [...state.authorized],
        origin,
        pending: approvals.pending(),
      }
    },
    subscribe: subscribers.add,
    onAccountsChanged: accountListeners.add,
    /** Wallet-side account switch (the "Account" control). */
    selectAccount(index: number) {
      if (!keys[index] || index === state.accountIndex) return
      state.accountIndex = index
      changed()
      if (state.authorized.length > 0) accountsChanged()
    },
    rejectPending: approvals.rejectAll,
  }
}

/** The purposes a stored grant names, each once, known ones only. */
function grantedPurposes(value: unknown): AddressPurpose[] {
  const authorized = Array.isArray(value)
    ? value.filter((p): p is AddressPurpose => PURPOSES.includes(p))
    : []
  return [...new Set(authorized)]
}
