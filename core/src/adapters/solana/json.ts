// Solana's RPC answers u64 amounts (lamports, token units, block heights) as bare JSON numbers,
// which JSON.parse rounds beyond 2^53 (about 9 million SOL in lamports). This parser reads such
// integers as bigint, and everything else as JSON.parse does.

/** Prefix of the placeholder string an unsafe integer becomes before JSON.parse revives it. */
const MARK = '\u0000u64:'
/** The same prefix in JSON text (a raw control character is not allowed in a JSON string). */
const MARK_JSON = '\\u0000u64:'
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * Parses JSON text; integer literals outside Number's safe range become bigint (exactly), other
 * numbers stay numbers. Throws a SyntaxError for text that is not JSON, like JSON.parse.
 */
export function parseJsonWithBigInts(text: string): unknown {
  let out = ''
  let from = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') {
      inString = true
      continue
    }
    if (char !== '-' && (char === undefined || char < '0' || char > '9')) continue
    NUMBER.lastIndex = i
    const match = NUMBER.exec(text)
    if (!match) continue
    const literal = match[0]
    const end = i + literal.length
    if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
      out += `${text.slice(from, i)}"${MARK_JSON}${literal}"`
      from = end
    }
    i = end - 1
  }
  out += text.slice(from)
  return JSON.parse(out, (_key, value) =>
    typeof value === 'string' && value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : value,
  )
}
