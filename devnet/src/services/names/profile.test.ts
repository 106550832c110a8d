import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isRegistrableName, parseRegistrationMessage, suggestNames } from './profile.js'

const label = fc.stringMatching(/^[a-z0-9-]{4,63}$/)

describe('profile name rules', () => {
  it('accepts 4 to 63 ASCII letters, digits or hyphens in the reown.id zone, any case', () => {
    fc.assert(fc.property(label, (l) => isRegistrableName(`${l}.reown.id`)))
    expect(isRegistrableName('ALICE.Reown.ID')).toBe(true)
  })

  it('refuses any other character, length or zone', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 70, unit: 'grapheme' }),
        fc.string({ maxLength: 8 }),
        (text, zone) => {
          const name = `${text}.${zone}`
          const expected = /^[a-z0-9-]{4,63}$/i.test(text) && zone.toLowerCase() === 'reown.id'
          expect(isRegistrableName(name)).toBe(expected)
        },
      ),
    )
    for (const name of [
      'abc.reown.id',
      'al ice.reown.id',
      'ali😀ce.reown.id',
      '\u200Falice.reown.id',
    ]) {
      expect(isRegistrableName(name), name).toBe(false)
    }
  })

  it('parses only JSON objects with a string name and address and a numeric timestamp', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        let parsed: ReturnType<typeof parseRegistrationMessage> | undefined
        try {
          parsed = parseRegistrationMessage(text)
        } catch (error) {
          expect((error as Error).message).toMatch(/^invalid (message|timestamp|attributes)$/)
        }
        if (parsed) {
          expect(typeof parsed.name).toBe('string')
          expect(typeof parsed.address).toBe('string')
          expect(Number.isFinite(parsed.timestamp)).toBe(true)
        }
      }),
    )
    expect(() => parseRegistrationMessage('{')).toThrow('invalid message')
  })

  it('suggests the name, then up to four free, valid variants when it is taken', () => {
    fc.assert(
      fc.property(label, fc.uniqueArray(fc.nat({ max: 12 })), (l, takenVariants) => {
        const taken = new Set([
          `${l}.reown.id`,
          ...takenVariants.map((n) => `${l}${n % 2 === 0 ? '-' : ''}${n}.reown.id`),
        ])
        const suggestions = suggestNames(l, 'reown.id', (name) => taken.has(name))
        expect(suggestions[0]).toEqual({ name: `${l}.reown.id`, registered: true })
        // Room for "-12" and more: five; a label near the limit gets fewer, or none.
        if (l.length <= 59) expect(suggestions).toHaveLength(5)
        expect(suggestions.length).toBeLessThanOrEqual(5)
        for (const s of suggestions.slice(1)) {
          expect(s.registered).toBe(false)
          expect(taken.has(s.name)).toBe(false)
          expect(isRegistrableName(s.name)).toBe(true)
        }
      }),
    )
    expect(suggestNames('free', 'reown.id', () => false)).toEqual([
      { name: 'free.reown.id', registered: false },
    ])
    expect(suggestNames('a'.repeat(63), 'reown.id', () => true)).toHaveLength(1)
  })
})
