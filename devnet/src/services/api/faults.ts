export type FaultMode = '503' | '403' | 'timeout' | 'malformed' | 'off'

/**
 * What a faulted route does instead of answering normally:
 * - `503` / `403`: that status with a JSON `{ error }` body.
 * - `timeout`: the request is accepted and never answered, until the client aborts or the
 *   devnet stops.
 * - `malformed`: status 200 with a body that breaks the route's declared shape. With
 *   `malformed: 'syntax'` (the default) the body is truncated JSON that does not parse; with
 *   `malformed: 'types'` it is the route's real answer with every value swapped for one of the
 *   wrong type (strings become numbers, numbers and booleans strings, arrays objects keyed by
 *   index, null the string 'null'; objects keep their keys), so it parses but fails validation.
 * - `off`: removes the fault on that route.
 */
export type FaultRule = {
  /** A path prefix matched whole segments at a time (`/v1/account` covers `/v1/account/0x…/balance`), or `*` for every API route. */
  route: string
  mode: FaultMode
  /** How many requests it affects before expiring; unlimited when absent. */
  times?: number
  malformed?: 'syntax' | 'types'
}

export type ActiveFault = {
  route: string
  mode: Exclude<FaultMode, 'off'>
  remaining: number | null
  malformed: 'syntax' | 'types'
}

export type FaultControl = {
  set(rule: FaultRule): void
  clear(): void
  list(): ActiveFault[]
}

export type FaultStore = FaultControl & {
  /** The fault for a request to `path`, counting it against `times`; undefined if none. */
  take(path: string): ActiveFault | undefined
}

const MODES: readonly FaultMode[] = ['503', '403', 'timeout', 'malformed', 'off']

/** Checks an untrusted rule (the control route's body); throws with the reason. */
export function parseFaultRule(value: unknown): FaultRule {
  if (typeof value !== 'object' || value === null) throw new Error('expected an object')
  const { route, mode, times, malformed } = value as Record<string, unknown>
  if (typeof route !== 'string' || !(route === '*' || route.startsWith('/'))) {
    throw new Error("route must be '*' or a path starting with '/'")
  }
  if (typeof mode !== 'string' || !MODES.includes(mode as FaultMode)) {
    throw new Error(`mode must be one of ${MODES.join(', ')}`)
  }
  if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0)) {
    throw new Error('times must be a positive integer')
  }
  if (malformed !== undefined && malformed !== 'syntax' && malformed !== 'types') {
    throw new Error("malformed must be 'syntax' or 'types'")
  }
  return {
    route,
    mode: mode as FaultMode,
    ...(times === undefined ? {} : { times: times as number }),
    ...(malformed === undefined ? {} : { malformed }),
  }
}

export function createFaultStore(): FaultStore {
  // Keyed by route: setting a route again replaces its fault.
  const faults = new Map<string, ActiveFault>()

  function covers(route: string, path: string): boolean {
    if (route === '*') return true
    const prefix = route.endsWith('/') ? route.slice(0, -1) : route
    return path === prefix || path.startsWith(`${prefix}/`)
  }

  return {
    set(rule) {
      const parsed = parseFaultRule(rule)
      if (parsed.mode === 'off') {
        faults.delete(parsed.route)
        return
      }
      faults.set(parsed.route, {
        route: parsed.route,
        mode: parsed.mode,
        remaining: parsed.times ?? null,
        malformed: parsed.malformed ?? 'syntax',
      })
    },
    clear: () => faults.clear(),
    list: () => [...faults.values()].map((fault) => ({ ...fault })),
    take(path) {
      // The most specific rule wins; `*` is the least specific.
      let best: ActiveFault | undefined
      for (const fault of faults.values()) {
        if (!covers(fault.route, path)) continue
        if (!best || specificity(fault.route) > specificity(best.route)) best = fault
      }
      if (!best) return undefined
      if (best.remaining !== null) {
        best.remaining -= 1
        if (best.remaining <= 0) faults.delete(best.route)
      }
      return { ...best }
    },
  }
}

function specificity(route: string): number {
  return route === '*' ? -1 : route.length
}

/** The 'types' flavour of a malformed body: same keys, every leaf and array of the wrong type. */
export function scrambleTypes(value: unknown): unknown {
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [i, scrambleTypes(v)]))
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return value.length
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    case 'object':
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, scrambleTypes(v)]),
      )
    default:
      return null
  }
}

/** The 'syntax' flavour: JSON cut short, so `JSON.parse` throws. */
export const MALFORMED_JSON_BODY = '{"malformed": true, "data": [{"id": 1,'
