import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkName, NAME_RULE_MESSAGE } from './nameRules.js'

describe('checkName', () => {
  it('accepts 4+ letters, digits or hyphens, with or without the suffix', () => {
    expect(checkName('alice')).toEqual({ valid: true, label: 'alice', name: 'alice.reown.id' })
    expect(checkName('Bob-42.reown.id')).toEqual({
      valid: true,
      label: 'bob-42',
      name: 'bob-42.reown.id',
    })
  })

  it.each([
    ['3 characters', 'bob'],
    ['a space', 'al ice'],
    ['an emoji', 'ali🙂ce'],
    ['a right-to-left mark', 'ali\u200fce'],
    ['an accented letter', 'álice'],
    ['an underscore', 'ali_ce'],
    ['empty', ''],
  ])('refuses %s with the rule', (_why, name) => {
    expect(checkName(name)).toEqual({ valid: false, message: NAME_RULE_MESSAGE })
  })

  it('only ever returns ASCII labels of 4+ allowed characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        const result = checkName(input)
        if (result.valid) expect(result.label).toMatch(/^[a-z0-9-]{4,}$/)
      }),
    )
  })
})
