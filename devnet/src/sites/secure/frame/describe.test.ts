import fc from 'fast-check'
import { encodeFunctionData, type Hex, maxUint256, parseAbi, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  chainIdOf,
  decodeTokenCall,
  describeCalls,
  describeMessage,
  describeTransaction,
  describeTypedData,
} from './describe.js'

const DEVNET = { chainId: 31337, name: 'Devnet' }
const MAINNET = { chainId: 1, name: 'Ethereum' }
const USDC = { symbol: 'USDC', decimals: 6 }
const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ATTACKER = '0x000000000000000000000000000000000000dEaD'
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const abi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
])
const lines = (details: [string, string][]) => Object.fromEntries(details)

describe('what a transaction approval says', () => {
  it('shows the fee and the total, not only the value (the review lost 4.2 ETH behind "Value 0")', () => {
    const { details } = describeTransaction(
      { from: ME, to: ATTACKER, value: 0n, gas: 21_000n, maxFeePerGas: 200_000_000_000_000n },
      DEVNET,
    )
    expect(lines(details)).toMatchObject({
      Network: 'Devnet (31337)',
      Value: '0 ETH',
      'Network fee (at most)': '4.2 ETH',
      'Total cost (at most)': '4.2 ETH',
    })
  })

  it('decodes a token transfer with its amount in the token units read from the chain', () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [ATTACKER, 1_500_000n] })
    const { details, body } = describeTransaction(
      { from: ME, to: TOKEN, value: 0n, data, gas: 50_000n, maxFeePerGas: 1n },
      DEVNET,
      USDC,
    )
    expect(lines(details)).toMatchObject({
      Action: 'Token transfer',
      Recipient: ATTACKER,
      Amount: '1.5 USDC',
      Data: '68 bytes, shown in full below',
    })
    expect(body).toBe(data)
  })

  it('warns about an unlimited approval, and names the spender', () => {
    const data = encodeFunctionData({ abi, functionName: 'approve', args: [ATTACKER, maxUint256] })
    const { details, warnings } = describeTransaction(
      { from: ME, to: TOKEN, value: 0n, data, gas: 1n, maxFeePerGas: 1n },
      DEVNET,
      USDC,
    )
    expect(lines(details)).toMatchObject({ Spender: ATTACKER, Allowance: 'Unlimited USDC' })
    expect(warnings).toEqual([`The spender ${ATTACKER} may take all of this token, at any time.`])
  })

  it('shows calldata whole, past 68 bytes', () => {
    const data = `0x12345678${'ab'.repeat(300)}` as Hex
    const { details, body } = describeTransaction(
      { from: ME, to: TOKEN, value: parseEther('1'), data, gas: 1n, maxFeePerGas: 1n },
      DEVNET,
    )
    expect(body).toBe(data)
    expect(lines(details).Data).toBe('304 bytes, shown in full below')
  })

  it('a batch shows every call, decoded, and its total value', () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [ATTACKER, 5n] })
    const { details } = describeCalls(
      [
        { to: ATTACKER, value: '0xde0b6b3a7640000' },
        { to: TOKEN, data },
      ],
      DEVNET,
      ME,
      [undefined, undefined],
    )
    expect(lines(details)).toMatchObject({
      'Call 1 value': '1 ETH',
      'Call 2 Action': 'Token transfer',
      'Call 2 Amount': "5 (raw units; the token's decimals are unknown)",
      'Total value': '1 ETH plus network fees',
    })
  })

  it('never throws on any calldata, and finds a transfer exactly when it is one (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const data = `0x${Buffer.from(bytes).toString('hex')}` as Hex
        const call = decodeTokenCall(data)
        if (call)
          expect(['transfer', 'approve', 'transferFrom', 'permit']).toContain(call.functionName)
      }),
      { numRuns: 1000 },
    )
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: maxUint256 }), (amount) => {
        const data = encodeFunctionData({ abi, functionName: 'transfer', args: [ATTACKER, amount] })
        expect(decodeTokenCall(data)?.args).toEqual([ATTACKER, amount])
      }),
      { numRuns: 1000 },
    )
  })
})

describe('what a typed data approval says', () => {
  const permit = {
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: TOKEN },
    primaryType: 'Permit',
    message: { owner: ME, spender: ATTACKER, value: String(maxUint256), nonce: 0, deadline: 1 },
  }

  it("shows the typed data's own chain and contract, and warns when it is not the active one", () => {
    const { details, warnings } = describeTypedData(permit, DEVNET, [DEVNET, MAINNET])
    expect(lines(details)).toMatchObject({
      'Active network': 'Devnet (31337)',
      'Signature chain': 'Ethereum (1)',
      'Verifying contract': TOKEN,
      'Permit spender': ATTACKER,
      'Permit allowance': 'Unlimited',
    })
    expect(warnings).toContain(
      'This signature is for chain 1, not the active network Devnet (31337).',
    )
  })

  it('no warning about the chain when the domain is the active chain', () => {
    const { warnings } = describeTypedData(
      {
        ...permit,
        domain: { ...permit.domain, chainId: '0x7a69' },
        message: { ...permit.message, value: '1' },
      },
      DEVNET,
      [DEVNET],
      USDC,
    )
    expect(warnings).toEqual([])
  })

  it('warns when the domain names no chain', () => {
    const { warnings } = describeTypedData(
      { domain: {}, primaryType: 'Mail', message: {} },
      DEVNET,
      [DEVNET],
    )
    expect(warnings).toEqual(['This signature names no chain: it can be used on any network.'])
  })
})

describe('what a message approval says', () => {
  const siwe = (domain: string) =>
    `${domain} wants you to sign in with your Ethereum account:\n${ME}\n\nURI: http://${domain}/\nVersion: 1\nChain ID: 31337\nNonce: abcdefgh12\nIssued At: 2026-01-01T00:00:00.000Z`

  it("warns when a sign-in message names another site than the app's verified origin", () => {
    const { details, warnings } = describeMessage(siwe('bank.example'), 'http://127.0.0.1:5173')
    expect(lines(details)).toMatchObject({ 'Sign in to': 'bank.example' })
    expect(warnings).toEqual([
      'This message signs you in to bank.example, but the request comes from 127.0.0.1:5173.',
    ])
  })

  it("no warning for the app's own sign-in, nor for a plain message", () => {
    expect(describeMessage(siwe('127.0.0.1:5173'), 'http://127.0.0.1:5173').warnings).toEqual([])
    expect(describeMessage('hello', 'http://127.0.0.1:5173')).toEqual({
      details: [],
      warnings: [],
      body: 'hello',
    })
  })

  it('a scheme in the sign-in line must be the origin scheme too', () => {
    const { warnings } = describeMessage(siwe('https://127.0.0.1:5173'), 'http://127.0.0.1:5173')
    expect(warnings).toHaveLength(1)
  })

  it('marks hidden characters in a message', () => {
    const { body, warnings } = describeMessage('pay \u202Eevil', 'http://127.0.0.1:5173')
    expect(body).toBe('pay \ufffdevil')
    expect(warnings).toEqual(['The message holds hidden or control characters (shown as �).'])
  })
})

describe('chain ids as apps write them', () => {
  it('reads a number, hex and decimal text alike; refuses zero, negatives, fractions, words', () => {
    expect([chainIdOf(31337), chainIdOf('0x7a69'), chainIdOf('31337'), chainIdOf(31337n)]).toEqual([
      31337, 31337, 31337, 31337,
    ])
    for (const bad of [0, -1, 1.5, '0x', '0x0', 'abc', '', null, undefined, {}, 2 ** 53]) {
      expect(chainIdOf(bad)).toBeUndefined()
    }
  })

  it('every positive safe integer reads back from each form; anything else is a chain or nothing (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(chainIdOf(id)).toBe(id)
        expect(chainIdOf(`0x${id.toString(16)}`)).toBe(id)
        expect(chainIdOf(String(id))).toBe(id)
      }),
      { numRuns: 1000 },
    )
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.bigInt()), (value) => {
        const id = chainIdOf(value)
        if (id !== undefined) expect(Number.isSafeInteger(id) && id > 0).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('a sign-in line warns exactly when its host is not the app host (property)', () => {
    const app = 'http://127.0.0.1:5173'
    fc.assert(
      fc.property(fc.oneof(fc.domain(), fc.constant('127.0.0.1:5173')), (domain) => {
        const text = `${domain} wants you to sign in with your Ethereum account:\n${ME}`
        const { warnings } = describeMessage(text, app)
        expect(warnings.length).toBe(domain === '127.0.0.1:5173' ? 0 : 1)
      }),
      { numRuns: 1000 },
    )
  })
})
