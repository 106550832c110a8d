// Checks that each input of a transaction is signed by the key its previous output names.
// Covered: P2WPKH (BIP-143 ECDSA) and P2TR key-path spends (BIP-341 Schnorr), the two kinds of
// address the devnet hands out. Other kinds are refused with a reason rather than waved through.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { hash160 } from './hash.js'
import { BitcoinRejection, classifyScript, type ParsedTransaction, type TxOutput } from './parse.js'

const SIGHASH_DEFAULT = 0x00
/** ALL, NONE, SINGLE, each with or without ANYONECANPAY. */
const VALID_SIGHASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

function failed(index: number, detail: string): never {
  throw new BitcoinRejection('mandatory-script-verify-flag-failed', `input ${index}: ${detail}`)
}

/** Throws a BitcoinRejection naming the first input whose signature does not hold. */
export function verifyInputs(tx: ParsedTransaction, prevouts: readonly TxOutput[]): void {
  let sighashTx: Transaction
  try {
    sighashTx = Transaction.fromRaw(tx.raw, {
      allowUnknownInputs: true,
      allowUnknownOutputs: true,
      allowUnknownVersion: true,
      disableScriptCheck: true,
    })
  } catch (error) {
    throw new BitcoinRejection('TX decode failed', (error as Error).message)
  }
  tx.inputs.forEach((input, index) => {
    const prevout = prevouts[index] as TxOutput
    const witness = tx.witnesses[index] ?? []
    const type = classifyScript(prevout.script)
    if (type === 'v0_p2wpkh' || type === 'v1_p2tr') {
      if (input.scriptSig.length > 0) failed(index, 'a native segwit spend has an empty scriptSig')
    }
    if (type === 'v0_p2wpkh') verifyP2wpkh(sighashTx, index, prevout, witness)
    else if (type === 'v1_p2tr') verifyP2trKeyPath(sighashTx, index, prevouts, witness)
    else {
      failed(index, `spends a ${type} output; this devnet verifies P2WPKH and P2TR key-path spends`)
    }
  })
}

function verifyP2wpkh(tx: Transaction, index: number, prevout: TxOutput, witness: Uint8Array[]) {
  if (witness.length !== 2) failed(index, 'a P2WPKH witness is [signature, public key]')
  const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
  if (publicKey.length !== 33 || (publicKey[0] !== 0x02 && publicKey[0] !== 0x03)) {
    failed(index, 'the witness public key is not a compressed key')
  }
  const program = prevout.script.subarray(2)
  if (hex.encode(hash160(publicKey)) !== hex.encode(program)) {
    failed(index, 'the witness public key does not hash to the output (witness program mismatch)')
  }
  if (signature.length < 9) failed(index, 'the signature is too short')
  const hashType = signature[signature.length - 1] as number
  if (!VALID_SIGHASH_TYPES.has(hashType)) failed(index, `unknown sighash type ${hashType}`)
  // BIP-143 signs the P2PKH script of the key hash as the script code.
  const scriptCode = new Uint8Array([0x76, 0xa9, 0x14, ...program, 0x88, 0xac])
  const digest = tx.preimageWitnessV0(index, scriptCode, hashType, prevout.value)
  let valid = false
  try {
    valid = secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: 'der',
      lowS: true,
    })
  } catch {
    failed(index, 'the signature is not strict DER')
  }
  if (!valid) failed(index, 'the signature does not match the key and the transaction')
}

function verifyP2trKeyPath(
  tx: Transaction,
  index: number,
  prevouts: readonly TxOutput[],
  witness: Uint8Array[],
) {
  if (witness.length === 0) failed(index, 'a taproot spend needs a witness')
  const last = witness[witness.length - 1] as Uint8Array
  if (witness.length >= 2 && last[0] === 0x50) failed(index, 'taproot annexes are not supported')
  if (witness.length !== 1) failed(index, 'taproot script-path spends are not supported')
  const signature = witness[0] as Uint8Array
  let hashType = SIGHASH_DEFAULT
  if (signature.length === 65) {
    hashType = signature[64] as number
    // BIP-341: an explicit 0x00 byte is invalid; DEFAULT is written as a 64-byte signature.
    if (!VALID_SIGHASH_TYPES.has(hashType)) failed(index, `invalid sighash type ${hashType}`)
  } else if (signature.length !== 64) {
    failed(index, 'a Schnorr signature has 64 or 65 bytes')
  }
  const outputKey = (prevouts[index] as TxOutput).script.subarray(2)
  let digest: Uint8Array
  try {
    digest = tx.preimageWitnessV1(
      index,
      prevouts.map((p) => p.script),
      hashType,
      prevouts.map((p) => p.value),
    )
  } catch (error) {
    failed(index, (error as Error).message)
  }
  let valid = false
  try {
    valid = schnorr.verify(signature.subarray(0, 64), digest, outputKey)
  } catch {
    valid = false
  }
  if (!valid) failed(index, 'the Schnorr signature does not match the output key')
}
