/**
 * Text that comes from outside (a wallet's announcement, the wallet listing, a name service, a
 * token list, the browser's storage) is shown to the user as a name. Cleaning it once, the same
 * way everywhere, keeps a hostile name from reordering or hiding what is around it, from
 * impersonating another wallet with invisible characters, or from costing time and memory.
 */

/** Longest text kept, in code points, by kind of text. */
export const TEXT_LIMITS = {
  /** Wallet, connector and token names. */
  name: 64,
  /** Token symbols: real ones are a few characters; 32 leaves room for the odd long one. */
  symbol: 32,
  /** Account names (`alice.reown.id`, ENS names): a DNS name has at most 253 characters. */
  accountName: 253,
  /** Free text attached to a name profile (a description, a URL). */
  attribute: 1_024,
} as const

/**
 * Characters nobody means to show: controls (C0, DEL, C1), format characters (the bidi
 * embeddings, overrides, isolates and marks, zero-width space, joiner and non-joiner, word joiner,
 * byte order mark, soft hyphen, the Unicode tag characters), every other default-ignorable code
 * point (Hangul fillers, variation selectors, invisible operators…), lone surrogates, private-use
 * characters (drawn as anything a font likes) and noncharacters.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/gu
/** Line and paragraph breaks become a space rather than gluing two words together. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g
const SPACES = /\s+/gu
/** More than 4 combining marks on one letter is "zalgo" text that draws over its neighbours. */
const MARK_PILES = /(\p{M}{4})\p{M}+/gu
/**
 * Work is bounded before any of it happens: at most this many UTF-16 units per code point kept
 * are looked at (room for stripped characters and surrogate pairs), the rest is never read.
 */
const READ_FACTOR = 8

/**
 * Text from outside made fit to show: invisible and control characters removed, whitespace runs
 * collapsed to one space and trimmed, piles of combining marks cut to 4, NFC-normalised, and cut
 * to `maxLength` code points. Undefined for a non-string or for text with nothing left to show.
 * Idempotent: cleaning clean text gives it back unchanged.
 */
export function cleanDisplayText(
  value: unknown,
  maxLength: number = TEXT_LIMITS.name,
): string | undefined {
  if (typeof value !== 'string') return undefined
  let text = value
    .slice(0, maxLength * READ_FACTOR)
    .replace(BREAKS, ' ')
    .replace(INVISIBLE, '')
    .normalize('NFC')
    .replace(MARK_PILES, '$1')
    .replace(SPACES, ' ')
    .trim()
  const codePoints = Array.from(text)
  if (codePoints.length > maxLength) {
    text = codePoints.slice(0, maxLength).join('').trim()
  }
  // Removing marks or cutting can leave a sequence NFC would write another way: normalise last,
  // so the result is a fixed point.
  text = text.normalize('NFC')
  return text.length > 0 ? text : undefined
}

/**
 * Whether `value` is already clean: what `cleanDisplayText` gives back unchanged. For identifiers
 * (ids, rdns) that must be refused rather than rewritten when they hold anything hidden.
 */
export function isCleanText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && cleanDisplayText(value, maxLength) === value
}

/**
 * An account name (`alice.reown.id`, `vitalik.eth`): clean text of dot-separated labels, at least
 * two, none empty, no spaces. A name service that answers anything else (`null` as text, a
 * sentence) is answering wrongly, and the answer is refused.
 */
export function cleanAccountName(value: unknown): string | undefined {
  const text = cleanDisplayText(value, TEXT_LIMITS.accountName)
  if (!text || text.includes(' ')) return undefined
  const labels = text.split('.')
  return labels.length >= 2 && labels.every((label) => label.length > 0) ? text : undefined
}
