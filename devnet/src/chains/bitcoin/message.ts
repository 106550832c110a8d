// Message signatures of the Devnet Bitcoin Wallet. No Node imports: the browser wallet signs
// with it.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base64, hex } from '@scure/base'
import { RawWitness, Script, Transaction } from '@scure/btc-signer'
import { sha256x2, taggedHash } from './hash.js'
import type { BitcoinKey } from './keys.js'

export type MessageProtocol = 'BIP322' | 'ECDSA'

/** BIP-322's message hash: the tagged hash "BIP0322-signed-message" of the message bytes. */
export const bip322MessageHash = (message: Uint8Array) =>
  taggedHash('BIP0322-signed-message', message)

const toBytes = (message: string | Uint8Array) =>
  typeof message === 'string' ? utf8ToBytes(message) : message

/**
 * A BIP-322 "simple" signature: the witness that spends the virtual `to_spend` output (the
 * address's script, committing to the message hash) in the virtual `to_sign` transaction,
 * serialized and base64-encoded. Works for P2WPKH (ECDSA) and P2TR (Schnorr, key path).
 */
export function signBip322(key: BitcoinKey, message: string | Uint8Array): string {
  return base64.encode(signBip322Witness(key, message))
}

export function signBip322Witness(key: BitcoinKey, message: string | Uint8Array): Uint8Array {
  const hash = bip322MessageHash(toBytes(message))
  const toSpend = new Transaction({
    version: 0,
    allowUnknownInputs: true,
    allowUnknownVersion: true,
  })
  // The output first: once an input carries a final scriptSig the library seals the outputs.
  toSpend.addOutput({ script: key.script, amount: 0n })
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: Script.encode(['OP_0', hash]),
  })
  const toSign = new Transaction({
    version: 0,
    allowUnknownOutputs: true,
    allowUnknownVersion: true,
  })
  toSign.addInput({
    txid: toSpend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, amount: 0n },
    ...(key.addressType === 'p2tr' ? { tapInternalKey: hex.decode(key.publicKey) } : {}),
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(key.privateKey, 0)
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness
  if (!witness) throw new Error('BIP-322 signing produced no witness')
  return RawWitness.encode(witness)
}

const LEGACY_PREFIX = utf8ToBytes('\u0018Bitcoin Signed Message:\n')

/** The hash the legacy "Bitcoin Signed Message" scheme (BIP-137) signs. */
export function legacyMessageHash(message: Uint8Array): Uint8Array {
  return sha256x2(concatBytes(LEGACY_PREFIX, compactSize(message.length), message))
}

/**
 * A legacy (BIP-137) signature, for apps that ask for ECDSA: 65 bytes base64, the header byte
 * saying the key is a P2WPKH one (39 + recovery id). Taproot keys have no such signature.
 */
export function signLegacyMessage(key: BitcoinKey, message: string | Uint8Array): string {
  if (key.addressType !== 'p2wpkh') {
    throw new Error('ECDSA message signatures exist for P2WPKH addresses only; use BIP322')
  }
  const signature = secp256k1.sign(legacyMessageHash(toBytes(message)), key.privateKey, {
    prehash: false,
    format: 'recovered',
  })
  const header = 39 + (signature[0] as number)
  return base64.encode(concatBytes(Uint8Array.of(header), signature.subarray(1)))
}

function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >>> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24)
}
