const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|svg\+xml|avif)(;[a-z0-9=.+-]+)*(;base64)?,/i

/** Longest image data URI kept: wallet icons are a few kilobytes, a megabyte is already absurd. */
export const MAX_DATA_IMAGE_LENGTH = 1_000_000
/** Longest image address kept (http(s) or blob): signed CDN URLs stay far below it. */
export const MAX_IMAGE_URL_LENGTH = 4_096

/**
 * An image URL safe for `<img src>`: http(s), a data URI of an image type, or a blob URL. Anything
 * else (javascript:, a data URI of HTML, garbage, an address with a user name in it) becomes
 * undefined, so the UI shows a placeholder. An SVG data URI is fine in `<img>`: scripts in an
 * image never run.
 */
export function toSafeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_DATA_IMAGE_LENGTH) {
    return undefined
  }
  const trimmed = value.trim()
  if (DATA_IMAGE.test(trimmed)) return trimmed
  if (trimmed.length > MAX_IMAGE_URL_LENGTH) return undefined
  try {
    const url = new URL(trimmed)
    if (url.username !== '' || url.password !== '') return undefined
    if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'blob:') {
      return url.toString()
    }
  } catch {
    // not a URL
  }
  return undefined
}
