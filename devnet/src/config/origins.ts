/**
 * What `GET /projects/v1/origins` answers by default: any port on loopback, under either name,
 * which covers `pnpm dev` and test servers on free ports.
 */
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*'] as const

/**
 * The wildcard rule origin patterns are written for, the same as the SDK's check: an exact
 * match, or `*` standing for any run of characters (so `http://localhost:*` matches every port on
 * localhost over http, and `https://*.example.org` every subdomain). Everything else is literal.
 */
export function originMatches(origin: string, pattern: string): boolean {
  if (pattern === origin) return true
  if (!pattern.includes('*')) return false
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`).test(origin)
}
