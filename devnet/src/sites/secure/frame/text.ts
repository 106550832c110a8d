// Display text in the approval comes from the app (its name, a message, typed data). Set as
// text it cannot become markup, but bidi controls can still reorder what the user reads
// ("‮moc.elppa" shown as "apple.com…") and control or invisible characters can hide parts of
// it. Everything the approval shows passes through `cleanText`.

/** Bidi embeddings, overrides, isolates and marks; zero-width and BOM characters. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g
/** C0 and C1 controls and DEL (line breaks and tabs are kept where lines are allowed). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * The text with every bidi control, invisible character and control character replaced by
 * U+FFFD (so the user sees that something was there), lines kept only when `multiline`, and cut
 * to `max` characters with an ellipsis.
 */
export function cleanText(value: string, options: { multiline?: boolean; max?: number } = {}) {
  const controls = options.multiline ? CONTROL : CONTROL_OR_BREAK
  const cleaned = value.replace(INVISIBLE, '\ufffd').replace(controls, '\ufffd')
  const max = options.max ?? Number.POSITIVE_INFINITY
  const chars = [...cleaned]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : cleaned
}
