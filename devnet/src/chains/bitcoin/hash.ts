// Bitcoin's hash functions. No Node imports: the browser wallet uses them too.
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'

export const sha256x2 = (...parts: Uint8Array[]) => sha256(sha256(concatBytes(...parts)))

export const hash160 = (data: Uint8Array) => ripemd160(sha256(data))

/** BIP-340's tagged hash: sha256(sha256(tag) ‖ sha256(tag) ‖ data). */
export function taggedHash(tag: string, data: Uint8Array): Uint8Array {
  const tagHash = sha256(utf8ToBytes(tag))
  return sha256(concatBytes(tagHash, tagHash, data))
}
