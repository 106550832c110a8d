import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ProviderRpcError } from '../evm/errors.js'
import {
  eip155ChainId,
  findSigner,
  isConsentMethod,
  parseTypedData,
  switchTarget,
  toRpcError,
} from './methods.js'

const MNEMONIC = 'test test test test test test test test test test test junk'
const accounts = [0, 1].map((i) => mnemonicToAccount(MNEMONIC, { addressIndex: i }))
const [first, second] = accounts as [(typeof accounts)[0], (typeof accounts)[0]]

describe('WalletConnect wallet methods', () => {
  it('reads CAIP-2 eip155 ids and switch targets', () => {
    expect(eip155ChainId('eip155:31337')).toBe(31337)
    expect(eip155ChainId('solana:5eykt4')).toBeUndefined()
    expect(switchTarget([{ chainId: '0x7a69' }])).toBe(31337)
    expect(switchTarget({ chainId: 31338 })).toBe(31338)
    expect(() => switchTarget([{ chainId: 'devnet' }])).toThrow(ProviderRpcError)
  })

  it('knows which methods wait for consent', () => {
    expect(isConsentMethod('personal_sign')).toBe(true)
    expect(isConsentMethod('eth_sendTransaction')).toBe(true)
    expect(isConsentMethod('eth_accounts')).toBe(false)
  })

  it('signs only with accounts the session exposes (any address case)', () => {
    expect(findSigner(accounts, [first.address], first.address.toLowerCase())).toBe(first)
    expect(() => findSigner(accounts, [first.address], second.address)).toThrow(
      expect.objectContaining({ code: 4100 }),
    )
    expect(() => findSigner(accounts, [first.address], 'nobody')).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
  })

  it('refuses typed data without types or primaryType', () => {
    expect(() => parseTypedData('{')).toThrow(expect.objectContaining({ code: -32602 }))
    expect(() => parseTypedData({ primaryType: 'A' })).toThrow(ProviderRpcError)
    expect(parseTypedData('{"types":{"A":[]},"primaryType":"A"}')).toMatchObject({
      primaryType: 'A',
    })
  })

  it('turns errors into JSON-RPC errors, with data as a string', () => {
    expect(toRpcError(new ProviderRpcError(3, 'reverted', '0x08c379a0'))).toEqual({
      code: 3,
      message: 'reverted',
      data: '0x08c379a0',
    })
    expect(toRpcError(new ProviderRpcError(4001, 'no', { why: 1 }))).toEqual({
      code: 4001,
      message: 'no',
      data: '{"why":1}',
    })
    expect(toRpcError(new Error('boom'))).toEqual({ code: -32603, message: 'boom' })
  })
})
