import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../balances/index.js'
import { checkName, NAME_RULE_MESSAGE } from '../names/index.js'
import { checkAmount, readReceiver, SEND_MESSAGES } from './validation.js'

const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 100,
  price: 1,
  quantity: { decimals: '6', numeric: '100.5' },
  iconUrl: '',
}
const isAddress = (v: string) => /^0x[0-9a-fA-F]{40}$/.test(v)

describe('checkAmount', () => {
  it.each([
    ['negative', '-1', SEND_MESSAGES.amountNotPositive],
    ['zero', '0', SEND_MESSAGES.amountNotPositive],
    ['zero with decimals', '0.000', SEND_MESSAGES.amountNotPositive],
    ['non-numeric', 'ten', SEND_MESSAGES.amountNotNumber],
    ['exponent', '1e3', SEND_MESSAGES.amountNotNumber],
    ['too many decimals', '1.1234567', SEND_MESSAGES.tooManyDecimals(6)],
    ['over the balance', '100.500001', SEND_MESSAGES.overBalance],
  ])('refuses %s', (_why, amount, message) => {
    expect(checkAmount(amount, usdc)).toEqual(message)
  })

  it('accepts amounts up to the balance', () => {
    expect(checkAmount('100.5', usdc)).toBeUndefined()
    expect(checkAmount('0.000001', usdc)).toBeUndefined()
    expect(checkAmount('', usdc)).toBeUndefined()
  })

  it('reads the text without the spaces around it', () => {
    expect(checkAmount('  100.5 ', usdc)).toBeUndefined()
    expect(checkAmount('   ', usdc)).toBeUndefined()
    expect(checkAmount(' 100.6 ', usdc)).toEqual(SEND_MESSAGES.overBalance)
  })

  it.each([
    ['ten', SEND_MESSAGES.amountNotNumber],
    ['a1', SEND_MESSAGES.amountNotNumber],
    ['1a', SEND_MESSAGES.amountNotNumber],
    ['.', SEND_MESSAGES.amountNotNumber],
    ['-', SEND_MESSAGES.amountNotNumber],
    ['1.2.3', SEND_MESSAGES.amountNotNumber],
    ['-1', SEND_MESSAGES.amountNotPositive],
    ['5', undefined],
    ['.5', undefined],
  ])('before a token is chosen, checks %j as a number only', (amount, message) => {
    expect(checkAmount(amount, undefined)).toEqual(message)
  })

  it('says over the balance when the balance itself cannot be read', () => {
    const unreadable = { ...usdc, quantity: { decimals: '6', numeric: 'lots' } }
    expect(checkAmount('1', unreadable)).toEqual(SEND_MESSAGES.overBalance)
  })

  it('never throws, whatever is typed', () => {
    fc.assert(fc.property(fc.string(), (amount) => void checkAmount(amount, usdc)))
  })
})

describe('readReceiver', () => {
  it('reads addresses and names', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(readReceiver(address, isAddress, checkName)).toEqual({ kind: 'address', address })
    expect(readReceiver('alice.reown.id', isAddress, checkName)).toEqual({
      kind: 'name',
      name: 'alice.reown.id',
    })
    expect(readReceiver('alice', isAddress, checkName)).toEqual({
      kind: 'name',
      name: 'alice.reown.id',
    })
    expect(readReceiver('legacy.wcn.id', isAddress, checkName)).toEqual({
      kind: 'name',
      name: 'legacy.wcn.id',
    })
  })

  it('reads the text without the spaces around it; only spaces is empty', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(readReceiver(`  ${address} `, isAddress, checkName)).toEqual({
      kind: 'address',
      address,
    })
    expect(readReceiver('   ', isAddress, checkName)).toEqual({ kind: 'empty' })
    expect(readReceiver('', isAddress, checkName)).toEqual({ kind: 'empty' })
  })

  it('reads anything but an address as an invalid address where names do not apply', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const invalid = { kind: 'invalid', message: { key: 'send.invalidAddress' } }
    expect(readReceiver(address, isAddress)).toEqual({ kind: 'address', address })
    expect(readReceiver('alice', isAddress)).toEqual(invalid)
    expect(readReceiver('legacy.wcn.id', isAddress)).toEqual(invalid)
    expect(readReceiver(' ', isAddress)).toEqual({ kind: 'empty' })
    expect(readReceiver('alice', isAddress, checkName)).toEqual({
      kind: 'name',
      name: 'alice.reown.id',
    })
  })

  it('reads a name with 0x inside it as a name, not as a broken address', () => {
    expect(readReceiver('wallet0x', isAddress, checkName)).toEqual({
      kind: 'name',
      name: 'wallet0x.reown.id',
    })
  })

  it('refuses a legacy .wcn.id name whose label breaks the rule', () => {
    expect(readReceiver('al ice.wcn.id', isAddress, checkName)).toEqual({
      kind: 'invalid',
      message: NAME_RULE_MESSAGE,
    })
  })

  it.each(['0x1234', '0xZZ97970C51812dc3A010C7d01b50e0d17dc79C8'])(
    'refuses the malformed address %j',
    (v) => {
      expect(readReceiver(v, isAddress, checkName)).toEqual({
        kind: 'invalid',
        message: SEND_MESSAGES.invalidAddress,
      })
    },
  )

  it.each(['al ice', 'ali🙂ce', 'bob', 'ali\u200fce.reown.id'])(
    'refuses the name %j with the rule',
    (v) => {
      expect(readReceiver(v, isAddress, checkName)).toEqual({
        kind: 'invalid',
        message: NAME_RULE_MESSAGE,
      })
    },
  )
})
