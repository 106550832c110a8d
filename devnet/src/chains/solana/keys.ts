import {
  type Address,
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
} from '@solana/kit'

/**
 * Solana keys from a BIP-39 mnemonic, as Phantom, Solflare and the Solana CLI derive them:
 * seed = PBKDF2-HMAC-SHA512(mnemonic, "mnemonic", 2048 rounds), then SLIP-10 for ed25519 along
 * m/44'/501'/index'/0'. Only WebCrypto is used (HMAC, PBKDF2, Ed25519), so the same code runs in
 * Node and in the browser wallet; no HD-key library is needed for these few lines. WebCrypto
 * exists only in secure contexts (https, localhost, 127.0.0.1).
 */

/** SLIP-10 ed25519 has hardened children only. */
const HARDENED = 0x8000_0000
const ED25519_SEED_KEY = new TextEncoder().encode('ed25519 seed')
const SOLANA_COIN_TYPE = 501

export type SolanaKeyPair = { address: Address; keyPair: CryptoKeyPair }

/** The path of devnet account `index`, e.g. `m/44'/501'/0'/0'`. */
export function solanaPath(index: number): string {
  return `m/44'/${SOLANA_COIN_TYPE}'/${index}'/0'`
}

/** BIP-39 seed of a mnemonic (NFKD-normalised, optional passphrase). 64 bytes. */
export async function mnemonicToSeed(mnemonic: string, passphrase = ''): Promise<Uint8Array> {
  const encoder = new TextEncoder()
  const password = encoder.encode(mnemonic.normalize('NFKD'))
  const salt = encoder.encode(`mnemonic${passphrase}`.normalize('NFKD'))
  const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt, iterations: 2048 },
    key,
    512,
  )
  return new Uint8Array(bits)
}

async function hmacSha512(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-512' },
    false,
    ['sign'],
  )
  return new Uint8Array(
    await crypto.subtle.sign('HMAC', cryptoKey, data as Uint8Array<ArrayBuffer>),
  )
}

/** Parses `m/44'/501'/0'/0'`; every level must be hardened (ed25519 has no other kind). */
export function parseHardenedPath(path: string): number[] {
  const parts = path.split('/')
  if (parts[0] !== 'm') throw new Error(`invalid derivation path ${path}`)
  return parts.slice(1).map((part) => {
    const match = /^(\d{1,10})'$/.exec(part)
    const index = match ? Number(match[1]) : Number.NaN
    if (!Number.isInteger(index) || index >= HARDENED) {
      throw new Error(`invalid derivation path ${path}: ed25519 levels are hardened (n')`)
    }
    return index
  })
}

/** SLIP-10 ed25519: the 32-byte private key (and chain code) at `path` from a seed. */
export async function slip10Ed25519(
  seed: Uint8Array,
  path: string,
): Promise<{ privateKey: Uint8Array; chainCode: Uint8Array }> {
  let node = await hmacSha512(ED25519_SEED_KEY, seed)
  for (const index of parseHardenedPath(path)) {
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1) // 0x00 || key
    new DataView(data.buffer).setUint32(33, index + HARDENED)
    node = await hmacSha512(node.subarray(32), data)
  }
  return { privateKey: node.slice(0, 32), chainCode: node.slice(32) }
}

/**
 * The key pair at `path` from a seed. `extractable` false keeps the private key inside WebCrypto
 * (the browser wallet's choice); kit signs with it either way.
 */
export async function keyPairFromSeed(
  seed: Uint8Array,
  path: string,
  extractable = false,
): Promise<SolanaKeyPair> {
  const { privateKey } = await slip10Ed25519(seed, path)
  const keyPair = await createKeyPairFromPrivateKeyBytes(privateKey, extractable)
  return { address: await getAddressFromPublicKey(keyPair.publicKey), keyPair }
}

/** Devnet accounts 0..count-1 (m/44'/501'/i'/0') of a mnemonic. */
export async function deriveSolanaAccounts(
  mnemonic: string,
  indexes: readonly number[],
): Promise<SolanaKeyPair[]> {
  const seed = await mnemonicToSeed(mnemonic)
  return Promise.all(indexes.map((index) => keyPairFromSeed(seed, solanaPath(index))))
}
