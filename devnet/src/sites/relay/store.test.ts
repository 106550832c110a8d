import { describe, expect, it } from 'vitest'
import { createMessageStore, DEFAULT_TTL_SECONDS, MAX_MESSAGES_PER_TOPIC } from './store.js'

function clock(start = 1_000_000) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('relay message store', () => {
  it('keeps a message for its ttl, then drops it', () => {
    const c = clock()
    const store = createMessageStore(c.now)
    store.add({ topic: 't', message: 'short', ttl: 10 }, 'dapp')
    store.add({ topic: 't', message: 'long', ttl: 60 }, 'dapp')
    expect(store.undelivered('t', 'wallet').map((m) => m.message)).toEqual(['short', 'long'])
    c.advance(10_000)
    expect(store.undelivered('t', 'wallet').map((m) => m.message)).toEqual(['long'])
    c.advance(50_000)
    expect(store.list('t')).toEqual([])
    expect(store.size()).toBe(0)
  })

  it('uses the default ttl when none or a bad one is given', () => {
    const c = clock()
    const store = createMessageStore(c.now)
    store.add({ topic: 't', message: 'a' }, 'dapp')
    store.add({ topic: 't', message: 'b', ttl: -1 }, 'dapp')
    c.advance(DEFAULT_TTL_SECONDS * 1000 - 1)
    expect(store.size()).toBe(2)
    c.advance(1)
    expect(store.size()).toBe(0)
  })

  it('never hands a message to its publisher or to a client that received it', () => {
    const store = createMessageStore(clock().now)
    const entry = store.add({ topic: 't', message: 'm', ttl: 60 }, 'dapp')
    expect(store.undelivered('t', 'dapp')).toEqual([])
    entry.receivedBy.add('wallet')
    expect(store.undelivered('t', 'wallet')).toEqual([])
    expect(store.undelivered('t', 'other')).toEqual([entry])
  })

  it('keeps at most MAX_MESSAGES_PER_TOPIC per topic, dropping the oldest', () => {
    const store = createMessageStore(clock().now)
    for (let i = 0; i <= MAX_MESSAGES_PER_TOPIC; i++) {
      store.add({ topic: 't', message: `m${i}`, ttl: 60 }, 'dapp')
    }
    const kept = store.list('t')
    expect(kept).toHaveLength(MAX_MESSAGES_PER_TOPIC)
    expect(kept[0]?.message).toBe('m1')
  })
})
