import type { PublishInput, StoredMessage } from './store.js'
import type { RelayMessage } from './types.js'

// The irn_* methods' parameters, checked before the relay acts on them, and their errors.

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, message)

export function messageData(entry: StoredMessage): RelayMessage {
  return {
    topic: entry.topic,
    message: entry.message,
    publishedAt: entry.publishedAt,
    ...(entry.tag === undefined ? {} : { tag: entry.tag }),
    ...(entry.attestation === undefined ? {} : { attestation: entry.attestation }),
  }
}

export function objectOf(value: unknown): Record<string, unknown> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParams('params must be an object')
  }
  return value as Record<string, unknown>
}

export function topicOf(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams('topic must be a string')
  return value
}

export function topicList(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidParams('topics must be an array')
  return value.map(topicOf)
}

export function publishInput(params: Record<string, unknown>): PublishInput {
  const topic = topicOf(params.topic)
  if (typeof params.message !== 'string' || params.message.length === 0) {
    throw invalidParams('message must be a string')
  }
  return {
    topic,
    message: params.message,
    ...(typeof params.ttl === 'number' ? { ttl: params.ttl } : {}),
    ...(typeof params.tag === 'number' ? { tag: params.tag } : {}),
    ...(typeof params.attestation === 'string' ? { attestation: params.attestation } : {}),
  }
}
