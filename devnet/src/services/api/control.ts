import { MovePriceError } from '../swap/mover.js'
import { parseFaultRule } from './faults.js'
import { requireAddress } from './params.js'
import { HttpError, json } from './reply.js'
import type { Route } from './router.js'
import type { RouteModule } from './services.js'

/**
 * Test-only routes under `/__devnet`, for browsers and processes that cannot reach the `Devnet`
 * object: faults, received analytics events and the analytics configuration, prices, names,
 * swap pool prices, and the devnet's own description. They need no projectId and are never
 * faulted, but need the `X-Portico-Devnet: 1` header (see `cors.ts`).
 */
export const controlRoutes: RouteModule = (services) => {
  const control = (route: Omit<Route, 'kind'>): Route => ({ ...route, kind: 'control' })
  const object = (body: unknown) => {
    if (typeof body !== 'object' || body === null) throw new HttpError(400, 'expected an object')
    return body as Record<string, unknown>
  }
  return [
    control({ method: 'GET', path: '/__devnet/info', handle: () => json(services.info()) }),
    control({
      method: 'GET',
      path: '/__devnet/faults',
      handle: () => json({ faults: services.faults.list() }),
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
        services.faults.set(rule)
        return json({ faults: services.faults.list() })
      },
    }),
    control({
      method: 'DELETE',
      path: '/__devnet/faults',
      handle() {
        services.faults.clear()
        return json({ faults: [] })
      },
    }),
    control({
      method: 'GET',
      path: '/__devnet/events',
      handle: () => json({ events: services.analytics.list() }),
    }),
    control({
      method: 'DELETE',
      path: '/__devnet/events',
      handle() {
        services.analytics.clear()
        return json({ events: [] })
      },
    }),
    control({
      method: 'POST',
      path: '/__devnet/analytics-config',
      handle({ body }) {
        const { isAnalyticsEnabled } = object(body)
        if (typeof isAnalyticsEnabled !== 'boolean') {
          throw new HttpError(400, 'expected { isAnalyticsEnabled: boolean }')
        }
        services.settings.analyticsEnabled = isAnalyticsEnabled
        return json({ isAnalyticsEnabled })
      },
    }),
    control({
      method: 'GET',
      path: '/__devnet/prices',
      handle: () => json({ prices: services.prices.all() }),
    }),
    control({
      method: 'POST',
      path: '/__devnet/prices',
      handle({ body }) {
        const { symbol, price } = object(body)
        if (typeof symbol !== 'string' || typeof price !== 'number' || price < 0) {
          throw new HttpError(400, 'expected { symbol: string, price: number }')
        }
        services.prices.set(symbol, price)
        return json({ prices: services.prices.all() })
      },
    }),
    control({
      method: 'POST',
      path: '/__devnet/swap/move-price',
      async handle({ body }) {
        const { chainId, sell, buy, amount } = object(body)
        const id = typeof chainId === 'string' ? Number(chainId.replace(/^eip155:/, '')) : chainId
        if (
          (id !== undefined && (typeof id !== 'number' || !Number.isSafeInteger(id))) ||
          typeof sell !== 'string' ||
          typeof buy !== 'string' ||
          typeof amount !== 'string'
        ) {
          throw new HttpError(
            400,
            'expected { sell: symbol, buy: symbol, amount: decimal string, chainId?: number }',
          )
        }
        try {
          return json(
            await services.movePrice({
              sell,
              buy,
              amount,
              ...(id === undefined ? {} : { chainId: id }),
            }),
          )
        } catch (error) {
          if (error instanceof MovePriceError) throw new HttpError(400, error.message)
          throw error
        }
      },
    }),
    control({
      method: 'POST',
      path: '/__devnet/names',
      handle({ body }) {
        const { name, address, avatar } = object(body)
        if (typeof name !== 'string') throw new HttpError(400, 'expected { name, address }')
        const owner = requireAddress(typeof address === 'string' ? address : null)
        try {
          const options = typeof avatar === 'string' ? { avatar } : {}
          return json(services.names.register(name, owner, options))
        } catch (error) {
          throw new HttpError(409, (error as Error).message)
        }
      },
    }),
  ]
}
