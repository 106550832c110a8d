/** One published message, kept until its ttl runs out so late subscribers still get it. */
export type StoredMessage = {
  topic: string
  message: string
  /** Milliseconds since the epoch, as the relay stamps it. */
  publishedAt: number
  expiresAt: number
  tag?: number
  attestation?: string
  /** The client that published it: it is never delivered back to that client. */
  publisher: string
  /** Clients that acknowledged it (or fetched it): it is not delivered to them again. */
  receivedBy: Set<string>
}

export type PublishInput = {
  topic: string
  message: string
  /** Seconds. */
  ttl?: number
  tag?: number
  attestation?: string
}

/** What the relay keeps when a publisher gives no ttl (seconds), and the longest it keeps. */
export const DEFAULT_TTL_SECONDS = 300
const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** A topic keeps at most this many messages, the oldest dropped first. */
export const MAX_MESSAGES_PER_TOPIC = 1000

/**
 * The relay's mailbox: messages by topic, with their ttl. A message is delivered to every client
 * subscribed to its topic but the publisher, and once a client acknowledged it, never again to
 * that client, like the hosted relay's mailbox.
 */
export function createMessageStore(now: () => number = Date.now) {
  const byTopic = new Map<string, StoredMessage[]>()

  function live(topic: string): StoredMessage[] {
    const stored = byTopic.get(topic)
    if (!stored) return []
    const time = now()
    const kept = stored.filter((entry) => entry.expiresAt > time)
    if (kept.length === 0) byTopic.delete(topic)
    else if (kept.length !== stored.length) byTopic.set(topic, kept)
    return kept
  }

  return {
    add(input: PublishInput, publisher: string): StoredMessage {
      const publishedAt = now()
      const ttl = Math.min(
        typeof input.ttl === 'number' && input.ttl > 0 ? input.ttl : DEFAULT_TTL_SECONDS,
        MAX_TTL_SECONDS,
      )
      const entry: StoredMessage = {
        topic: input.topic,
        message: input.message,
        publishedAt,
        expiresAt: publishedAt + ttl * 1000,
        publisher,
        receivedBy: new Set(),
        ...(input.tag === undefined ? {} : { tag: input.tag }),
        ...(input.attestation === undefined ? {} : { attestation: input.attestation }),
      }
      const stored = live(input.topic)
      stored.push(entry)
      if (stored.length > MAX_MESSAGES_PER_TOPIC)
        stored.splice(0, stored.length - MAX_MESSAGES_PER_TOPIC)
      byTopic.set(input.topic, stored)
      return entry
    },
    /** Live messages of the topic that this client has neither published nor received. */
    undelivered(topic: string, client: string): StoredMessage[] {
      return live(topic).filter(
        (entry) => entry.publisher !== client && !entry.receivedBy.has(client),
      )
    },
    /** Every live message of a topic, oldest first. */
    list(topic: string): StoredMessage[] {
      return [...live(topic)]
    },
    /** How many live messages the relay holds. */
    size(): number {
      let count = 0
      for (const topic of [...byTopic.keys()]) count += live(topic).length
      return count
    },
    clear() {
      byTopic.clear()
    },
  }
}
