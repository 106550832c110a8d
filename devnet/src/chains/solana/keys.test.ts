import { createHash } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from '../../config/constants.js'
import {
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_DEVNET_ADDRESSES,
  SOLANA_GENESIS_HASH,
  SOLANA_GENESIS_LABEL,
  SOLANA_MINT_AUTHORITY_INDEX,
  SOLANA_MINT_KEY_INDEX,
} from './constants.js'
import { deriveSolanaAccounts, parseHardenedPath, slip10Ed25519, solanaPath } from './keys.js'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('Solana keys from a mnemonic (BIP-39 + SLIP-10 ed25519)', () => {
  it('matches SLIP-0010 test vector 1 for ed25519', async () => {
    const seed = Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'))
    const vectors: [string, string, string][] = [
      [
        'm',
        '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
        '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
      ],
      [
        "m/0'",
        '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
        '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
      ],
      [
        "m/0'/1'/2'",
        '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
        '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
      ],
    ]
    for (const [path, privateKey, chainCode] of vectors) {
      const node = await slip10Ed25519(seed, path)
      expect([hex(node.privateKey), hex(node.chainCode)]).toEqual([privateKey, chainCode])
    }
  })

  it("derives the address wallets show for the BIP-39 test mnemonic at m/44'/501'/0'/0'", async () => {
    const [account] = await deriveSolanaAccounts(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      [0],
    )
    expect(account?.address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('gives the devnet addresses written in the constants', async () => {
    expect(solanaPath(3)).toBe("m/44'/501'/3'/0'")
    const derived = await deriveSolanaAccounts(DEVNET_MNEMONIC, [
      0,
      1,
      2,
      3,
      SOLANA_MINT_AUTHORITY_INDEX,
      SOLANA_MINT_KEY_INDEX,
    ])
    expect(derived.map((k) => k.address)).toEqual([
      ...SOLANA_DEVNET_ADDRESSES.accounts,
      SOLANA_DEVNET_ADDRESSES.mintAuthority,
      SOLANA_DEVNET_ADDRESSES.usdcMint,
    ])
  })

  it('names the cluster by a genesis hash anyone can recompute', () => {
    const digest = createHash('sha256').update(SOLANA_GENESIS_LABEL).digest()
    expect(getBase58Decoder().decode(digest)).toBe(SOLANA_GENESIS_HASH)
    expect(SOLANA_CAIP_NETWORK_ID).toBe('solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP')
  })

  it('refuses paths with unhardened or out-of-range levels', () => {
    expect(parseHardenedPath("m/44'/501'/0'/0'")).toEqual([44, 501, 0, 0])
    for (const path of ["m/44'/501'/0'/0", "44'/501'", "m/2147483648'", "m/-1'", 'm/x']) {
      expect(() => parseHardenedPath(path)).toThrow(/invalid derivation path/)
    }
  })
})
