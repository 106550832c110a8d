import type { Message } from '@portico/core'
import { ONRAMP_MESSAGES } from '@portico/core/test-seams'
import { describe, expect, it } from 'vitest'
import ar from './messages/ar.js'
import en from './messages/en.js'
import views from './messages/en.views.js'
import es from './messages/es.js'
import zh from './messages/zh.js'

const english: Record<string, string> = { ...en, ...views }
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the on-ramp texts', () => {
  it('has every message core emits, with the parameters core sends', () => {
    const messages: Message[] = [
      ...Object.values(ONRAMP_MESSAGES).map((m) =>
        typeof m === 'function' ? m('10.00', 'USD') : m,
      ),
      { key: 'onramp.purchased', params: { amount: '49.01', symbol: 'USDC' } },
    ]
    for (const message of messages) {
      const text = english[message.key]
      expect(text, message.key).toBeTypeOf('string')
      expect(placeholders(text!), message.key).toEqual(Object.keys(message.params ?? {}).sort())
    }
  })

  it('is translated whole in Spanish, Chinese and Arabic, with the same placeholders', () => {
    for (const [name, table] of Object.entries({ es, zh, ar }) as [
      string,
      Record<string, string>,
    ][]) {
      expect(Object.keys(table).sort(), name).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(table[key]!), `${name} ${key}`).toEqual(placeholders(text))
      }
    }
  })

  it('loads only the titles, the Buy button and the toast with the kit', () => {
    expect(en).toEqual({
      'view.OnRampBuy.title': 'Buy crypto',
      'view.OnRampProviders.title': 'Choose a provider',
      'view.OnRampActivity.title': 'Your purchase',
      'onramp.action': 'Buy',
      'onramp.purchased': 'Bought {amount} {symbol}',
    })
  })
})
