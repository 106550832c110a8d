import { mnemonicToSeed } from '@scure/bip39'
import { deriveBitcoinAccounts } from '../../chains/bitcoin/keys.js'

// The wallet's keys: each account's payment (P2WPKH) and ordinals (P2TR) key, from the mnemonic.

export async function deriveKeys(mnemonic: string, count: number) {
  return deriveBitcoinAccounts(await seedOf(mnemonic), count)
}

/** BIP-39's seed: WebCrypto's native PBKDF2 where there is one (secure contexts), else JS. */
async function seedOf(mnemonic: string): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle
  if (!subtle) return mnemonicToSeed(mnemonic)
  const encode = (text: string) => new TextEncoder().encode(text.normalize('NFKD'))
  const material = await subtle.importKey('raw', encode(mnemonic), 'PBKDF2', false, ['deriveBits'])
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt: encode('mnemonic'), iterations: 2048 },
    material,
    512,
  )
  return new Uint8Array(bits)
}
