// Deterministic keys of the devnet's Bitcoin accounts. No Node imports: the browser wallet
// derives the same keys from the same mnemonic.
import { hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { REGTEST } from './network.js'

export type AddressPurpose = 'payment' | 'ordinals'

export type BitcoinKey = {
  purpose: AddressPurpose
  /** `bcrt1q…` (P2WPKH) for payment, `bcrt1p…` (P2TR, key path only) for ordinals. */
  address: string
  addressType: 'p2wpkh' | 'p2tr'
  /** Hex: 33-byte compressed key for P2WPKH, 32-byte x-only internal key for P2TR. */
  publicKey: string
  /** The output script the address stands for. */
  script: Uint8Array
  path: string
  privateKey: Uint8Array
}

export type BitcoinAccount = { index: number; payment: BitcoinKey; ordinals: BitcoinKey }

/**
 * BIP-84 (native segwit) and BIP-86 (taproot) paths with coin type 1, as every wallet uses on
 * test networks: payment `m/84'/1'/0'/0/i`, ordinals `m/86'/1'/0'/0/i`.
 */
export const paymentPath = (index: number) => `m/84'/1'/0'/0/${index}`
export const ordinalsPath = (index: number) => `m/86'/1'/0'/0/${index}`
/**
 * The key the devnet mines to and funds accounts from: BIP-84 account 9, which no person or test
 * is handed (like the EVM deployer, mnemonic account 9).
 */
export const FAUCET_PATH = "m/84'/1'/9'/0/0"

export function paymentKey(root: HDKey, path: string): BitcoinKey {
  const node = root.derive(path)
  if (!node.privateKey || !node.publicKey) throw new Error(`no key at ${path}`)
  const payment = p2wpkh(node.publicKey, REGTEST)
  return {
    purpose: 'payment',
    address: payment.address as string,
    addressType: 'p2wpkh',
    publicKey: hex.encode(node.publicKey),
    script: payment.script,
    path,
    privateKey: node.privateKey,
  }
}

export function ordinalsKey(root: HDKey, path: string): BitcoinKey {
  const node = root.derive(path)
  if (!node.privateKey || !node.publicKey) throw new Error(`no key at ${path}`)
  // BIP-86: the x-only key, tweaked with no script tree.
  const internal = node.publicKey.slice(1)
  const ordinals = p2tr(internal, undefined, REGTEST)
  return {
    purpose: 'ordinals',
    address: ordinals.address as string,
    addressType: 'p2tr',
    publicKey: hex.encode(internal),
    script: ordinals.script,
    path,
    privateKey: node.privateKey,
  }
}

/** Accounts 0…count-1 from a BIP-39 seed. */
export function deriveBitcoinAccounts(seed: Uint8Array, count: number): BitcoinAccount[] {
  const root = HDKey.fromMasterSeed(seed)
  return Array.from({ length: count }, (_, index) => ({
    index,
    payment: paymentKey(root, paymentPath(index)),
    ordinals: ordinalsKey(root, ordinalsPath(index)),
  }))
}
