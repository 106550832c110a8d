/**
 * The frame page's `frame-ancestors` from the project's allowed origins. The devnet writes
 * allowed origins with `*` wildcards (`http://127.0.0.1:*`), which is also valid CSP host-source
 * syntax when the `*` is a whole port, the whole host, or a leading `*.` label. Patterns CSP
 * cannot express (a `*` inside a label or a port, a path) are left out, so the browser refuses
 * those ancestors rather than allowing more than the list says.
 */
const SCHEME = '(https?)'
const HOST =
  '(\\*|(?:\\*\\.)?[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)'
const PORT = '(?::(\\*|[0-9]{1,5}))?'
const HOST_SOURCE = new RegExp(`^${SCHEME}://${HOST}${PORT}$`)

/** The CSP host-source for one allowed-origin pattern, or undefined when CSP cannot say it. */
export function toCspSource(pattern: string): string | undefined {
  if (pattern === '*') return '*'
  const match = HOST_SOURCE.exec(pattern)
  if (!match) return undefined
  const port = match[3]
  if (port !== undefined && port !== '*' && Number(port) > 65_535) return undefined
  return pattern.toLowerCase()
}

/** The whole directive: `frame-ancestors <sources>`, or `'none'` when no pattern is usable. */
export function frameAncestors(patterns: readonly string[]): {
  directive: string
  skipped: string[]
} {
  const sources: string[] = []
  const skipped: string[] = []
  for (const pattern of patterns) {
    const source = toCspSource(pattern)
    if (source === undefined) skipped.push(pattern)
    else if (!sources.includes(source)) sources.push(source)
  }
  return {
    directive: `frame-ancestors ${sources.length > 0 ? sources.join(' ') : "'none'"}`,
    skipped,
  }
}
