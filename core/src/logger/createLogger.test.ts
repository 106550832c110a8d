import { describe, expect, it, vi } from 'vitest'
import { createLogger } from './createLogger.js'

describe('logger', () => {
  it('prints errors only by default', () => {
    const printed: string[] = []
    const sink = {
      error: (m: unknown) => printed.push(`E ${m}`),
      warn: (m: unknown) => printed.push(`W ${m}`),
      info: (m: unknown) => printed.push(`I ${m}`),
    }
    const logger = createLogger({ sink })
    logger.info('hello')
    logger.warn('careful')
    logger.error('broken')
    expect(printed).toEqual(['E [portico] broken'])
    expect(logger.level).toBe('error')
  })

  it('keeps a buffer bounded near the byte limit, dropping the oldest', () => {
    const logger = createLogger({ level: 'debug', sink: {}, maxBufferBytes: 10_000 })
    for (let i = 0; i < 1_000; i++) logger.debug(`message number ${i}`, { i })
    const entries = logger.entries()
    expect(entries.length).toBeLessThan(1_000)
    expect(entries.at(-1)?.message).toBe('message number 999')
    const bytes = entries.reduce((sum, e) => sum + JSON.stringify(e).length, 0)
    expect(bytes).toBeLessThanOrEqual(10_000)
  })

  it('counts an entry as twice its text in bytes plus 32: no data costs nothing more', () => {
    // Ten-character messages without data: 52 bytes each, so 104 bytes hold exactly two.
    const logger = createLogger({ level: 'debug', sink: {}, maxBufferBytes: 104 })
    logger.debug('first.....')
    logger.debug('second....')
    expect(logger.entries().map((e) => e.message)).toEqual(['first.....', 'second....'])
    logger.debug('third.....')
    expect(logger.entries().map((e) => e.message)).toEqual(['second....', 'third.....'])
    // With data, its JSON counts too: {"a":1} is 7 characters, 14 bytes more.
    const withData = createLogger({ level: 'debug', sink: {}, maxBufferBytes: 117 })
    withData.debug('first.....', { a: 1 })
    withData.debug('second....')
    expect(withData.entries()).toHaveLength(1)
  })

  it('survives data that cannot be serialised', () => {
    const logger = createLogger({ sink: {} })
    const circular: Record<string, unknown> = {}
    circular.self = circular
    expect(() => logger.error('cycle', circular)).not.toThrow()
    expect(logger.entries()).toHaveLength(1)
  })

  it('counts data that cannot be serialised as the 16 characters of "[unserialisable]"', () => {
    const circular: Record<string, unknown> = {}
    circular.self = circular
    // 'cycle' (5) + '[unserialisable]' (16) = 21 characters: 21 × 2 + 32 = 74 bytes.
    const fits = createLogger({ sink: {}, maxBufferBytes: 74 })
    fits.error('cycle', circular)
    expect(fits.entries()).toHaveLength(1)
    const over = createLogger({ sink: {}, maxBufferBytes: 73 })
    over.error('cycle', circular)
    expect(over.entries()).toEqual([])
  })

  it('keeps and prints debug entries only at the debug level', () => {
    const printed: unknown[][] = []
    const sink = { debug: (...args: unknown[]) => printed.push(args) }
    const info = createLogger({ level: 'info', sink })
    info.debug('hidden')
    expect(info.entries()).toEqual([])
    expect(printed).toEqual([])
    const debug = createLogger({ level: 'debug', sink, now: () => 7 })
    debug.debug('shown', { a: 1 })
    expect(debug.entries()).toEqual([{ level: 'debug', time: 7, message: 'shown', data: { a: 1 } }])
    expect(printed).toEqual([['[portico] shown', { a: 1 }]])
  })

  it('works in a runtime without a console: nothing printed, entries kept', () => {
    vi.stubGlobal('console', undefined)
    try {
      const logger = createLogger()
      expect(() => logger.error('no console')).not.toThrow()
      expect(logger.entries().map((e) => e.message)).toEqual(['no console'])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
