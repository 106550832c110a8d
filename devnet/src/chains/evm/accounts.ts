import { toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { DevnetAccount } from './types.js'

/** Mnemonic account `index` on the standard path m/44'/60'/0'/0/index, as anvil derives it. */
export function deriveAccount(mnemonic: string, index: number): DevnetAccount {
  const account = mnemonicToAccount(mnemonic, { addressIndex: index })
  const privateKey = account.getHdKey().privateKey
  if (!privateKey) throw new Error(`no private key for account ${index}`)
  return { address: account.address, privateKey: toHex(privateKey) }
}
