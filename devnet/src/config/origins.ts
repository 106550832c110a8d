/**
 * What `GET /projects/v1/origins` answers by default: any port on loopback, under either name,
 * which covers `pnpm dev` and test servers on free ports.
 */
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*'] as const

/**
 * The wildcard rule the devnet's origin patterns are written for: `*` stands for any run of
 * characters other than `/` (a port, or a subdomain label sequence), everything else is literal.
 * So `http://localhost:*` matches `http://localhost:5173` but not `https://localhost:5173`.
 */
export function originMatches(origin: string, pattern: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*')
  return new RegExp(`^${source}$`).test(origin)
}
