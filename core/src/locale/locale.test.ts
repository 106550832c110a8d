import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPortico } from '../client/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { canonicalLocale, localeDirection } from './feature.js'

describe('locale', () => {
  it('canonicalises tags and refuses what is not one', () => {
    expect(canonicalLocale('EN-us')).toBe('en-US')
    expect(canonicalLocale('zh-hans-cn')).toBe('zh-Hans-CN')
    for (const bad of ['', 'not a tag', 'e', 42, null, 'x'.repeat(65)]) {
      expect(canonicalLocale(bad)).toBeUndefined()
    }
  })

  it('takes a valid tag of up to 64 characters, not a longer one', () => {
    const tag64 = 'en-US-u-ca-gregory-fw-mon-hc-h23-ms-metric-nu-latn-x-abcdefgh-ab'
    expect(tag64).toHaveLength(64)
    expect(canonicalLocale(tag64)).toBe(tag64)
    expect(canonicalLocale(`${tag64}c`)).toBeUndefined()
  })

  it('writes Arabic, Hebrew and Persian right to left', () => {
    expect(['ar', 'ar-EG', 'he', 'fa-IR'].map(localeDirection)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'rtl',
    ])
    // Every right-to-left language the UI knows, in any case.
    const rtl = ['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ku', 'sd', 'ug']
    expect(rtl.map(localeDirection)).toEqual(rtl.map(() => 'rtl'))
    expect(['UR-PK', 'Ug-CN', 'He'].map(localeDirection)).toEqual(['rtl', 'rtl', 'rtl'])
    expect(['en', 'es', 'zh-CN', 'arn'].map(localeDirection)).toEqual(['ltr', 'ltr', 'ltr', 'ltr'])
  })

  it('changes at run time, and refuses a bad tag without losing the current one', () => {
    const client = createPortico({ networks: testNetworks, storage: 'memory', logLevel: 'silent' })
    client.locale.setLocale('ar')
    expect(client.locale.$direction.get()).toBe('rtl')
    expect(() => client.locale.setLocale('??')).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: "'??' is not a BCP 47 language tag",
      }),
    )
    expect(client.locale.$locale.get()).toBe('ar')
  })

  it('never throws and only returns tags that canonicalise to themselves', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        const locale = canonicalLocale(value)
        if (locale !== undefined) expect(canonicalLocale(locale)).toBe(locale)
      }),
      { numRuns: 1_000 },
    )
  })
})
