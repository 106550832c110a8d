import { HttpError, json } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import type { DevnetInfoParts } from '../../kernel/service.js'
import { type FaultStore, parseFaultRule } from './faults.js'

/**
 * The API server's own test-only routes under `/__devnet`, for browsers and processes that
 * cannot reach the `Devnet` object: the devnet's description and the faults. The other services
 * add theirs (events, analytics config, prices, names, swap pool prices, spam NFTs, on-ramp
 * sessions). Control routes need no projectId and are never faulted, but need the
 * `X-Portico-Devnet: 1` header (see `cors.ts`).
 */
export function controlRoutes(faults: FaultStore, info: () => DevnetInfoParts): Route[] {
  const control = (route: Omit<Route, 'kind'>): Route => ({ ...route, kind: 'control' })
  return [
    control({ method: 'GET', path: '/__devnet/info', handle: () => json(info()) }),
    control({
      method: 'GET',
      path: '/__devnet/faults',
      handle: () => json({ faults: faults.list() }),
    }),
    control({
      method: 'POST',
      path: '/__devnet/faults',
      handle({ body }) {
        let rule: ReturnType<typeof parseFaultRule>
        try {
          rule = parseFaultRule(body)
        } catch (error) {
          throw new HttpError(400, (error as Error).message)
        }
        faults.set(rule)
        return json({ faults: faults.list() })
      },
    }),
    control({
      method: 'DELETE',
      path: '/__devnet/faults',
      handle() {
        faults.clear()
        return json({ faults: [] })
      },
    }),
  ]
}
