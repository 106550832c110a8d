import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PageScript } from '../../kernel/service.js'
import { ChoiceError, choiceKey, parseScriptChoice } from './choice.js'

const script = (option: string): PageScript => ({ id: option, option, code: () => '' })
const SCRIPTS = ['wallet', 'solanaWallet', 'bitcoinWallet'].map(script)
const parse = (query: string) => parseScriptChoice(new URLSearchParams(query), SCRIPTS)

describe('parseScriptChoice', () => {
  it('puts every wallet on, waiting for a click, when the tag has no query', () => {
    expect(parse('')).toEqual({
      autoApprove: false,
      wallets: ['wallet', 'solanaWallet', 'bitcoinWallet'],
    })
  })

  it('reads autoApprove and turns a wallet off by its option, with 1/0 or true/false', () => {
    expect(parse('autoApprove=1&solanaWallet=0')).toEqual({
      autoApprove: true,
      wallets: ['wallet', 'bitcoinWallet'],
    })
    expect(parse('autoApprove=true&wallet=false&bitcoinWallet=true')).toEqual({
      autoApprove: true,
      wallets: ['solanaWallet', 'bitcoinWallet'],
    })
  })

  it('refuses an unknown name, a value that is not a flag, and a name given twice', () => {
    expect(() => parse('solanaWalet=0')).toThrow(
      new ChoiceError(
        'unknown parameter "solanaWalet": expected autoApprove or wallet, solanaWallet, bitcoinWallet',
      ),
    )
    expect(() => parse('autoApprove=yes')).toThrow(
      new ChoiceError('autoApprove must be 1, 0, true or false, not "yes"'),
    )
    expect(() => parse('wallet=0&wallet=1')).toThrow(new ChoiceError('wallet is given twice'))
  })

  it('gives one cache key per choice, whatever the order of the query', () => {
    expect(choiceKey(parse('solanaWallet=0&autoApprove=1'))).toBe(
      choiceKey(parse('autoApprove=1&solanaWallet=0')),
    )
    expect(choiceKey(parse('autoApprove=1'))).not.toBe(choiceKey(parse('')))
  })

  it('on any query: either a choice of known wallets in registry order, or a ChoiceError', () => {
    const names = fc.oneof(
      fc.constantFrom('autoApprove', 'wallet', 'solanaWallet', 'bitcoinWallet'),
      fc.string(),
    )
    const values = fc.oneof(fc.constantFrom('0', '1', 'true', 'false'), fc.string())
    fc.assert(
      fc.property(fc.array(fc.tuple(names, values), { maxLength: 6 }), (pairs) => {
        const query = new URLSearchParams(pairs)
        let choice: ReturnType<typeof parseScriptChoice>
        try {
          choice = parseScriptChoice(query, SCRIPTS)
        } catch (error) {
          expect(error).toBeInstanceOf(ChoiceError)
          return
        }
        const off = pairs.filter(([, value]) => value === '0' || value === 'false')
        const expected = ['wallet', 'solanaWallet', 'bitcoinWallet'].filter(
          (option) => !off.some(([name]) => name === option),
        )
        expect(choice.wallets).toEqual(expected)
        expect(choice.autoApprove).toBe(
          pairs.some(
            ([name, value]) => name === 'autoApprove' && (value === '1' || value === 'true'),
          ),
        )
      }),
      { numRuns: 1000 },
    )
  })
})
