/// <reference types="vite/client" />
import type { Message } from '@portico/core'
import {
  alertCatalogue,
  EXTRA_ERROR_CODES,
  NAME_RULE_MESSAGE,
  SEND_MESSAGES,
  SWAP_LOAD_FAILED,
  SWAP_MESSAGES,
  SWAP_TOAST_APPROVED,
  SWAP_TOAST_DECLINED,
  SWAP_TOAST_SWAPPED,
  thrownErrors,
} from '@portico/core/test-seams'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UI_FEATURES } from '../features.js'
import { namesUi } from '../names/feature.js'
import { swapUi } from '../swap/feature.js'
import type { UiFeature } from './feature.js'
import { type LoadedLocale, resolveUiLocale, UI_LOCALES } from './locales.js'
import { tablesOf } from './messages.js'
import { formatText, type MessageTable, placeholders, type Text } from './text.js'

const LOADED: LoadedLocale[] = ['es', 'zh', 'ar']
/** The English the kit has once the dialog's code is here: the page's and the features' tables. */
const english: MessageTable = tablesOf(UI_FEATURES).english
/** Each feature's English table (it comes with the dialog's code), by feature. */
const englishOf = new Map<UiFeature, MessageTable>(
  UI_FEATURES.map((feature) => [feature, feature.messages.en] as const),
)

// Each feature folder: its definition and the English texts only its views show.
const definitions = import.meta.glob<Record<string, unknown>>('../*/feature.ts', { eager: true })
const viewTexts = import.meta.glob<{ default: MessageTable }>('../*/messages/en.views.ts', {
  eager: true,
})
const folderOf = (feature: UiFeature) => {
  const path = Object.keys(definitions).find((file) =>
    Object.values(definitions[file]!).includes(feature),
  )
  if (!path) throw new Error(`no folder defines ${feature.name}`)
  return path.split('/')[1]!
}
/** A feature's whole English: what the page carries, what the dialog brings, what its views bring. */
const fullEnglish = (feature: UiFeature): Record<string, Text> => ({
  ...feature.messages.page,
  ...englishOf.get(feature),
  ...viewTexts[`../${folderOf(feature)}/messages/en.views.ts`]?.default,
})

const sorted = (set: Set<string>) => [...set].sort()
/** The placeholders every form must have: a plural's `other` form, or the text. */
const required = (text: Text) => placeholders(typeof text === 'string' ? text : text.other)

describe('the messages of every feature, in every language', () => {
  it('ships English, Spanish, Simplified Chinese and Arabic', () => {
    expect(UI_LOCALES).toEqual(['en', 'es', 'zh', 'ar'])
  })

  it('gives each key to one feature only, and every feature folder is registered', () => {
    // The glob also finds the kit's own feature.ts (the contract), as ./feature.ts.
    const folders = Object.keys(definitions).filter((path) => path.startsWith('../'))
    expect(folders.sort()).toEqual(UI_FEATURES.map((f) => `../${folderOf(f)}/feature.ts`).sort())
    expect(Object.keys(viewTexts).length).toBeGreaterThan(0)
    const owners = new Map<string, string>()
    for (const feature of UI_FEATURES) {
      const views = viewTexts[`../${folderOf(feature)}/messages/en.views.ts`]?.default ?? {}
      for (const key of Object.keys(views)) {
        expect(englishOf.get(feature), `${key} is in both tables`).not.toHaveProperty([key])
        expect(feature.messages.page ?? {}, `${key} is in both tables`).not.toHaveProperty([key])
      }
      for (const key of Object.keys(fullEnglish(feature))) {
        expect(
          owners.get(key),
          `${key} is in ${owners.get(key)} and ${feature.name}`,
        ).toBeUndefined()
        owners.set(key, feature.name)
      }
    }
  })

  for (const feature of UI_FEATURES) {
    for (const locale of LOADED) {
      it(`${feature.name}/${locale} has every English key, no other, with the same placeholders`, async () => {
        const { default: table } = await feature.messages[locale]()
        const en = fullEnglish(feature)
        expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort())
        for (const [key, text] of Object.entries(table) as [string, Text][]) {
          const expected = en[key]!
          expect(sorted(required(text)), `${locale} ${key}`).toEqual(sorted(required(expected)))
          // Other plural forms may leave the count out (Arabic "one wallet"), nothing more.
          for (const name of placeholders(text)) {
            expect(placeholders(expected).has(name), `${locale} ${key} {${name}}`).toBe(true)
          }
          const forms = typeof text === 'string' ? [text] : Object.values(text)
          for (const form of forms) expect(form?.trim(), `${locale} ${key}`).not.toBe('')
        }
      })
    }
  }
})

describe('English has every key core emits', () => {
  it('every error code, with the catalogue message word for word', () => {
    for (const [code, text] of Object.entries(thrownErrors)) {
      expect(english[`error.${code}`]).toBe(text)
    }
    for (const code of EXTRA_ERROR_CODES) expect(english[`error.${code}`]).toBeTypeOf('string')
  })

  it('every alert code', () => {
    for (const code of Object.keys(alertCatalogue)) {
      expect(english[`alert.${code}`]).toBeTypeOf('string')
    }
  })

  it('the validation results of send and names', () => {
    const messages: Message[] = [
      ...Object.values(SEND_MESSAGES).map((m) => (typeof m === 'function' ? m(6) : m)),
      NAME_RULE_MESSAGE,
    ]
    for (const message of messages) {
      const text = english[message.key]
      expect(text, message.key).toBeTypeOf('string')
      expect(sorted(placeholders(text!))).toEqual(Object.keys(message.params ?? {}).sort())
    }
  })

  it('the checks and refusals of swaps, with the parameters core sends', () => {
    // The swap views show these; they load with the views' texts.
    const swapEnglish = fullEnglish(swapUi)
    const messages: Message[] = [
      ...Object.values(SWAP_MESSAGES).map((m) => (typeof m === 'function' ? m(6 as never) : m)),
      SWAP_LOAD_FAILED,
    ]
    for (const message of messages) {
      const text = swapEnglish[message.key]
      expect(text, message.key).toBeTypeOf('string')
      expect(sorted(placeholders(text!)), message.key).toEqual(
        Object.keys(message.params ?? {}).sort(),
      )
    }
    // Toasts show while no swap view may be on screen: they are in the page's English.
    const toasts: [string, string[]][] = [
      [SWAP_TOAST_SWAPPED, ['amount', 'source', 'target']],
      [SWAP_TOAST_APPROVED, ['symbol']],
      [SWAP_TOAST_DECLINED, []],
      ['swap.priceMoved', ['slippage']],
      ['swap.expired', []],
      ['swap.reverted', ['reason']],
    ]
    for (const [key, params] of toasts) {
      expect(english[key], key).toBeTypeOf('string')
      expect(sorted(placeholders(english[key]!))).toEqual(params)
    }
    expect(
      formatText(english[SWAP_TOAST_SWAPPED]!, 'en', {
        amount: '0.5',
        source: 'ETH',
        target: 'USDC',
      }),
    ).toBe('Swapped 0.5 ETH for USDC')
  })

  it('the toasts, with the parameters core sends', () => {
    const toasts: [string, string[]][] = [
      ['balances.unavailable', []],
      ['history.fetchFailed', []],
      ['network.chainNotSupported', []],
      ['send.sent', ['amount', 'hash', 'symbol']],
      ['send.declined', []],
      ['siwx.declined', []],
      ['siwx.loadFailed', []],
      ['siwx.refused', ['reason']],
    ]
    for (const [key, params] of toasts) {
      expect(english[key], key).toBeTypeOf('string')
      expect(sorted(placeholders(english[key]!))).toEqual(params)
    }
  })

  it('keeps the spec texts word for word', () => {
    expect(english['balances.unavailable']).toBe('Token Balance Unavailable')
    expect(english['history.fetchFailed']).toBe('Failed to fetch transactions')
    expect(english['network.chainNotSupported']).toBe('Chain is not supported')
    expect(english['error.REQUEST_ABORTED']).toBe('Request was aborted')
    expect(english['error.ABORTED']).toBe('Something went wrong')
    expect(english['error.UNKNOWN_ERROR']).toBe('An error occurred')
    expect(english['siwx.declined']).toBe('Signature declined')
    expect(english['error.SIWX_NOT_ENABLED']).toBe('SIWX is not enabled')
    expect(fullEnglish(namesUi)['names.signatureDeclined']).toBe('Signature declined')
    expect(
      formatText(english['send.sent']!, 'en', {
        amount: '25',
        symbol: 'USDC',
        hash: '0x12…abcdef',
      }),
    ).toBe('Sent 25 USDC · 0x12…abcdef')
    expect(formatText(english['names.rule']!, 'en')).toBe(
      'A name needs at least 4 characters, using only letters, digits and hyphens',
    )
  })

  it('has a title for every view a feature draws', () => {
    for (const feature of UI_FEATURES) {
      for (const view of Object.keys(feature.views ?? {})) {
        expect(english[`view.${view}.title`], view).toBeTypeOf('string')
      }
    }
  })
})

describe('formatText', () => {
  it('fills placeholders and picks plural forms by the language rules', () => {
    const count = { one: '{count} wallet', other: '{count} wallets' }
    expect(formatText(count, 'en', { count: 1 })).toBe('1 wallet')
    expect(formatText(count, 'en', { count: 5000 })).toBe('5000 wallets')
    const arabic = {
      one: 'محفظة واحدة',
      two: 'محفظتان',
      few: '{count} محافظ',
      other: '{count} محفظة',
    }
    expect(formatText(arabic, 'ar', { count: 2 })).toBe('محفظتان')
    expect(formatText(arabic, 'ar', { count: 7 })).toBe('7 محافظ')
    expect(formatText(arabic, 'ar', { count: 12 })).toBe('12 محفظة')
    expect(formatText('Open {wallet}', 'en', {})).toBe('Open {wallet}')
  })

  it('inserts any value as it is, once, and never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.oneof(fc.string(), fc.integer()), (before, value) => {
        const text = `${before.replace(/[{}]/g, '')}{value}!`
        const out = formatText(text, 'en', { value })
        expect(out).toBe(`${before.replace(/[{}]/g, '')}${String(value)}!`)
      }),
      { numRuns: 1000 },
    )
    fc.assert(
      fc.property(
        fc.string(),
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double())),
        (text, params) => {
          expect(typeof formatText(text, 'ar', params)).toBe('string')
          expect(placeholders(text)).toBeInstanceOf(Set)
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('resolveUiLocale', () => {
  it('maps tags to the shipped languages, English otherwise', () => {
    expect(resolveUiLocale('es-MX')).toBe('es')
    expect(resolveUiLocale('ar-EG')).toBe('ar')
    expect(resolveUiLocale('zh-CN')).toBe('zh')
    expect(resolveUiLocale('zh-Hans-HK')).toBe('zh')
    expect(resolveUiLocale('zh-TW')).toBe('en')
    expect(resolveUiLocale('zh-Hant')).toBe('en')
    expect(resolveUiLocale('fr')).toBe('en')
    expect(resolveUiLocale('not a tag')).toBe('en')
  })

  it('never throws and always answers a shipped language', () => {
    fc.assert(
      fc.property(fc.string(), (tag) => {
        expect(UI_LOCALES).toContain(resolveUiLocale(tag))
      }),
      { numRuns: 1000 },
    )
  })
})
