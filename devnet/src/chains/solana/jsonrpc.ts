/**
 * JSON-RPC 2.0 framing for the Solana facade: parsing untrusted request bodies (single or batch)
 * and writing answers whose u64 values (lamports, slots) are bigints, which `JSON.stringify`
 * cannot write. Kit reads every integer of an answer as a bigint, so they go out as plain
 * number literals, never strings.
 */

export type JsonRpcId = string | number | null

export type JsonRpcRequest = {
  id: JsonRpcId
  method: string
  /** Positional parameters; a by-name object is passed on as is for the method to refuse. */
  params: unknown[] | Record<string, unknown>
  /** No `id` member: a notification, which gets no answer. */
  notification: boolean
}

export type JsonRpcErrorObject = { code: number; message: string; data?: unknown }

/** One entry of a body: a well-formed request, or the error its entry earns. */
export type ParsedEntry =
  | { ok: true; request: JsonRpcRequest }
  | { ok: false; id: JsonRpcId; error: JsonRpcErrorObject }

export type ParsedBody =
  | { kind: 'single'; entry: ParsedEntry }
  | { kind: 'batch'; entries: ParsedEntry[] }
  | { kind: 'invalid'; error: JsonRpcErrorObject }

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603

/** More than this in one batch is refused whole (the hosted RPC limits batches too). */
export const MAX_BATCH_SIZE = 100
const MAX_METHOD_LENGTH = 128

/** Thrown by a method to answer with a JSON-RPC error. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toObject(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export const invalidParams = (message: string) => new RpcError(INVALID_PARAMS, message)

/** Parses a request body: never throws, every problem becomes the JSON-RPC error it earns. */
export function parseJsonRpcBody(text: string): ParsedBody {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'invalid', error: { code: PARSE_ERROR, message: 'Parse error' } }
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return { kind: 'invalid', error: { code: INVALID_REQUEST, message: 'Empty batch' } }
    }
    if (value.length > MAX_BATCH_SIZE) {
      return {
        kind: 'invalid',
        error: { code: INVALID_REQUEST, message: `Batch of more than ${MAX_BATCH_SIZE} requests` },
      }
    }
    return { kind: 'batch', entries: value.map(parseEntry) }
  }
  return { kind: 'single', entry: parseEntry(value) }
}

/** One request object of a body. */
function parseEntry(value: unknown): ParsedEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(null, 'Invalid request: expected an object')
  }
  const entry = value as Record<string, unknown>
  const hasId = Object.hasOwn(entry, 'id')
  const id = entry.id
  const validId =
    id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  if (hasId && !validId)
    return invalid(null, 'Invalid request: id must be a string, number or null')
  const answerId = hasId ? (id as JsonRpcId) : null
  if (entry.jsonrpc !== '2.0') return invalid(answerId, 'Invalid request: jsonrpc must be "2.0"')
  const method = entry.method
  if (typeof method !== 'string' || method.length === 0 || method.length > MAX_METHOD_LENGTH) {
    return invalid(answerId, 'Invalid request: method must be a non-empty string')
  }
  const params = entry.params
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return invalid(answerId, 'Invalid request: params must be an array or an object')
  }
  return {
    ok: true,
    request: {
      id: answerId,
      method,
      params: (params ?? []) as unknown[] | Record<string, unknown>,
      notification: !hasId,
    },
  }
}

function invalid(id: JsonRpcId, message: string): ParsedEntry {
  return { ok: false, id, error: { code: INVALID_REQUEST, message } }
}

export function resultMessage(id: JsonRpcId, result: unknown) {
  return { jsonrpc: '2.0', result, id }
}

export function errorMessage(id: JsonRpcId, error: JsonRpcErrorObject) {
  return { jsonrpc: '2.0', error, id }
}

/**
 * JSON with bigints written as number literals. Undefined members are left out (as
 * JSON.stringify does); typed arrays are not expected here (methods encode bytes themselves).
 */
export function stringifyJson(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString()
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'undefined':
    case 'function':
    case 'symbol':
      return 'null'
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : stringifyJson(item))).join(',')}]`
  }
  const members: string[] = []
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (member === undefined || typeof member === 'function') continue
    members.push(`${JSON.stringify(key)}:${stringifyJson(member)}`)
  }
  return `{${members.join(',')}}`
}

// Parameter readers: each throws an Invalid params error that names what is wrong.

/** The positional parameters; methods here take no by-name parameters. */
export function positional(params: JsonRpcRequest['params']): unknown[] {
  if (!Array.isArray(params)) throw invalidParams('Invalid params: expected an array')
  return params
}

/** An optional configuration object (the last parameter of most methods). */
export function config(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams('Invalid params: the configuration must be an object')
  }
  return value as Record<string, unknown>
}

export function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw invalidParams(`Invalid params: ${what} must be a string`)
  return value
}

/** A non-negative integer within JavaScript's safe range (kit sends u64s as number literals). */
export function requireCount(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: ${what} must be a non-negative integer`)
  }
  return BigInt(value)
}

/** A parameter value for an error message; never throws (`String({ toString: 0 })` would). */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? typeof value
  } catch {
    return typeof value
  }
}

export type Commitment = 'processed' | 'confirmed' | 'finalized'
const COMMITMENTS: readonly string[] = ['processed', 'confirmed', 'finalized']

/** Every commitment is met at once on this chain; an unknown one is still an error. */
export function optionalCommitment(value: unknown): Commitment | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !COMMITMENTS.includes(value)) {
    throw invalidParams(`Invalid params: unknown commitment ${describeValue(value)}`)
  }
  return value as Commitment
}
