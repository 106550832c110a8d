import type { DevnetInfo } from './registry.js'
import { CONTROL_HEADER, CONTROL_HEADER_VALUE } from './services/api/cors.js'

export type ProbeDevnetOptions = {
  /** How long to wait for an answer; 2 s by default. */
  timeoutMs?: number
  /** The fetch to use (the global one by default). */
  fetch?: typeof fetch
}

/**
 * The description of the devnet whose API server answers at `apiUrl` (`GET /__devnet/info`, with
 * the `X-Portico-Devnet: 1` header every control route needs), or undefined when none does:
 * nothing listens, something else answers, or no answer came in time. Tools that start a devnet
 * only when none runs (`pnpm docs:dev`, `portico-devnet`, the Next.js example's server) ask this
 * first, and reuse the running one instead of failing on its ports.
 */
export async function probeDevnet(
  apiUrl: string,
  options: ProbeDevnetOptions = {},
): Promise<DevnetInfo | undefined> {
  const request = options.fetch ?? fetch
  try {
    const response = await request(new URL('/__devnet/info', apiUrl), {
      headers: { [CONTROL_HEADER]: CONTROL_HEADER_VALUE },
      signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
      // Never a cached answer (Next.js caches its server's fetches when asked to).
      cache: 'no-store',
    })
    if (!response.ok) return undefined
    const info = (await response.json()) as Partial<DevnetInfo> | null
    if (typeof info?.apiUrl !== 'string' || !Array.isArray(info.chains) || !info.unlistedChain) {
      return undefined
    }
    return info as DevnetInfo
  } catch {
    return undefined
  }
}
