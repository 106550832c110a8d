// The Devnet Bitcoin Wallet without any DOM: keys, what the site may use, requests waiting for
// consent, and the chain calls (Esplora REST). The Wallet Standard wallet, the sats-connect
// provider and the prompt UI are thin layers over it.
import { hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import type { AddressPurpose, BitcoinKey } from '../../chains/bitcoin/keys.js'
import {
  bip322MessageHash,
  legacyMessageHash,
  type MessageProtocol,
  signBip322Witness,
  signLegacyMessage,
} from '../../chains/bitcoin/message.js'
import { REGTEST } from '../../chains/bitcoin/network.js'
import { parseAddress } from '../../chains/bitcoin/parse.js'
import { buildTransfer, type SignedTransfer } from '../../chains/bitcoin/transfer.js'
import { consent, createApprovalQueue, type PendingApproval } from '../shared/approvals.js'
import { createListeners, loadSaved, save, savedIndex } from '../shared/state.js'
import type { BrowserWalletOptions } from '../shared/types.js'
import { BitcoinWalletError, invalidParams, unauthorized, userRejected } from './errors.js'
import { createEsploraClient } from './esplora.js'
import { deriveKeys } from './keys.js'

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
      if (!Array.isArray(recipients) || recipients.length === 0) {
        throw invalidParams('recipients must be a non-empty list of { address, amount }')
      }
      const payments = recipients.map((r, i) => {
        let script: Uint8Array
        try {
          script = parseAddress(r?.address).script
        } catch {
          throw invalidParams(`recipient ${i}: not a regtest address`)
        }
        const amount = typeof r?.amount === 'bigint' ? r.amount : Number(r?.amount)
        const valid =
          typeof amount === 'bigint' ? amount > 0n : Number.isSafeInteger(amount) && amount > 0
        if (!valid) {
          throw invalidParams(`recipient ${i}: amount must be a positive whole number of sats`)
        }
        return { script, value: BigInt(amount), address: String(r.address) }
      })
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
      let tx: Transaction
      try {
        tx = Transaction.fromPSBT(psbt, { allowUnknownOutputs: true })
      } catch (error) {
        throw invalidParams(`not a PSBT: ${(error as Error).message}`)
      }
      if (typeof signInputs !== 'object' || signInputs === null) {
        throw invalidParams('signInputs maps addresses to input indexes')
      }
      const jobs = Object.entries(signInputs).flatMap(([address, indexes]) => {
        const key = ownKey(address)
        if (!Array.isArray(indexes)) throw invalidParams(`indexes for ${address} must be a list`)
        return indexes.map((index) => {
          if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) {
            throw invalidParams(`input ${index} does not exist`)
          }
          return { key, index: index as number }
        })
      })
      if (jobs.length === 0) throw invalidParams('no input to sign')
      const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i))
      await approval(
        'signPsbt',
        broadcastIt ? 'Sign and send a transaction' : 'Sign a transaction',
        [
          `Site: ${origin}`,
          ...jobs.map((j) => `Sign input ${j.index} with ${j.key.address}`),
          ...outputs.map(
            (o, i) =>
              `Output ${i}: ${tx.getOutputAddress(i, REGTEST) ?? 'data'}  ${formatBtc(o.amount ?? 0n)} BTC`,
          ),
        ],
      )
      try {
        for (const { key, index } of jobs) {
          if (key.addressType === 'p2tr' && !tx.getInput(index).tapInternalKey) {
            tx.updateInput(index, { tapInternalKey: hex.decode(key.publicKey) })
          }
          tx.signIdx(key.privateKey, index, sighash === undefined ? undefined : [sighash])
          tx.finalizeIdx(index)
        }
      } catch (error) {
        throw new BitcoinWalletError(-32603, `signing failed: ${(error as Error).message}`)
      }
      if (!broadcastIt) return { psbt: tx.toPSBT() }
      return { psbt: tx.toPSBT(), txid: await chain.broadcast(hex.encode(tx.extract())) }
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

/** A message as text when it is readable UTF-8, else as hex. */
function readable(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  const binary = [...text].some((c) => {
    const code = c.charCodeAt(0)
    return (code < 0x20 && c !== '\n' && c !== '\r' && c !== '\t') || c === '\ufffd'
  })
  return binary ? `0x${hex.encode(bytes)}` : text
}

function formatBtc(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
