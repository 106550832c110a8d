import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AnalyticsEventError, parseAnalyticsEvent } from './parse.js'

const RUNS = { numRuns: 1_000 }

const validEvent = fc.record({
  eventId: fc.string({ minLength: 1, maxLength: 128 }),
  url: fc.webUrl(),
  domain: fc.domain(),
  timestamp: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  props: fc.dictionary(fc.string(), fc.jsonValue()),
})

describe('POST /e bodies', () => {
  it('accepts the spec event and returns it as sent', () => {
    fc.assert(
      fc.property(validEvent, (event) => {
        expect(parseAnalyticsEvent(event)).toBe(event)
      }),
      RUNS,
    )
  })

  it('keeps keys beyond the spec fields', () => {
    const event = {
      eventId: 'e',
      url: 'http://localhost:5173',
      domain: 'localhost',
      timestamp: 0,
      props: {},
      extra: [1],
    }
    expect(parseAnalyticsEvent(event)).toEqual(event)
  })

  it('names the field that is wrong', () => {
    const base = {
      eventId: 'e',
      url: 'https://app.example/',
      domain: 'app.example',
      timestamp: 1,
      props: {},
    }
    const cases: [unknown, string][] = [
      [null, 'expected a JSON object'],
      [[base], 'expected a JSON object'],
      [{ ...base, eventId: '' }, 'eventId must be a string of 1 to 128 characters'],
      [{ ...base, eventId: 'x'.repeat(129) }, 'eventId must be a string of 1 to 128 characters'],
      [{ ...base, url: 'javascript:alert(1)' }, 'url must be an http(s) URL'],
      [{ ...base, url: 'not a url' }, 'url must be an http(s) URL'],
      [{ ...base, url: `https://a.example/${'x'.repeat(2_048)}` }, 'url must be an http(s) URL'],
      [{ ...base, domain: 'x'.repeat(254) }, 'domain must be a string of 1 to 253 characters'],
      [{ ...base, timestamp: -1 }, 'timestamp must be a non-negative number'],
      [{ ...base, timestamp: Number.NaN }, 'timestamp must be a non-negative number'],
      [{ ...base, props: [] }, 'props must be an object'],
    ]
    for (const [body, message] of cases) {
      expect(() => parseAnalyticsEvent(body)).toThrow(new AnalyticsEventError(message))
    }
  })

  it('either returns a body with every field right or throws its own error, for any JSON', () => {
    const anyBody = fc.oneof(
      fc.jsonValue(),
      validEvent.chain((event) =>
        fc
          .record({ key: fc.constantFrom(...Object.keys(event)), value: fc.jsonValue() })
          .map(({ key, value }) => ({ ...event, [key]: value })),
      ),
    )
    fc.assert(
      fc.property(anyBody, (body) => {
        let parsed: ReturnType<typeof parseAnalyticsEvent>
        try {
          parsed = parseAnalyticsEvent(body)
        } catch (error) {
          return error instanceof AnalyticsEventError
        }
        return (
          parsed === body &&
          typeof parsed.eventId === 'string' &&
          /^https?:$/.test(new URL(parsed.url).protocol) &&
          typeof parsed.domain === 'string' &&
          Number.isFinite(parsed.timestamp) &&
          parsed.timestamp >= 0 &&
          typeof parsed.props === 'object' &&
          !Array.isArray(parsed.props)
        )
      }),
      RUNS,
    )
  })
})
