/**
 * Text for the user, as a key of the messages table and its parameters. Core never holds the text:
 * the UI kit (or the app) renders the key in the user's language.
 */
export type Message = {
  key: string
  params?: Readonly<Record<string, string | number>>
}

/** The message that renders a Portico error for the user: `error.<CODE>`, with its details. */
export function errorMessage(error: { code: string; details?: Record<string, unknown> }): Message {
  const params: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(error.details ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value
  }
  return { key: `error.${error.code}`, params }
}
