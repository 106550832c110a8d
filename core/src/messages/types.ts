/**
 * Text for the user, as a key of the messages table and its parameters. Core never holds the text:
 * the UI kit (or the app) renders the key in the user's language.
 */
export type Message = {
  key: string
  params?: Readonly<Record<string, string | number>>
}

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false
  const { key, params } = value as { key?: unknown; params?: unknown }
  return (
    typeof key === 'string' &&
    (params === undefined ||
      (typeof params === 'object' &&
        params !== null &&
        Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number')))
  )
}

/**
 * The message that renders a Portico error for the user: the precise one it carries (a refused
 * input says what is wrong), else `error.<CODE>` with its details as parameters.
 */
export function errorMessage(error: { code: string; details?: Record<string, unknown> }): Message {
  if (isMessage(error.details?.message)) return error.details.message
  const params: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(error.details ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value
  }
  return { key: `error.${error.code}`, params }
}
