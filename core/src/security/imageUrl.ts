const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|svg\+xml|avif)(;[a-z0-9=.+-]+)*(;base64)?,/i

/**
 * An image URL safe for `<img src>`: http(s), a data URI of an image type, or a blob URL. Anything
 * else (javascript:, a data URI of HTML, garbage) becomes undefined, so the UI shows a placeholder.
 */
export function toSafeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1_000_000) return undefined
  const trimmed = value.trim()
  if (DATA_IMAGE.test(trimmed)) return trimmed
  try {
    const url = new URL(trimmed)
    if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'blob:') {
      return url.toString()
    }
  } catch {
    // not a URL
  }
  return undefined
}
