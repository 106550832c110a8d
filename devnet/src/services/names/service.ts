import { defineService } from '../../kernel/service.js'
import { createNameRegistry, type NameRegistry } from './registry.js'

/**
 * Account names (`alice.reown.id`): the registry `/v1/identity` and `/v1/profile` answer from,
 * registered by signed requests or by tests.
 */
export const namesService = defineService({
  name: 'names',
  needs: [],
  start: () => ({ api: createNameRegistry() }),
  expose: (names) => ({ names: names as NameRegistry }),
  async routes(names) {
    const [{ identityRoutes }, { profileRoutes }, { nameControlRoutes }] = await Promise.all([
      import('./identityRoutes.js'),
      import('./profileRoutes.js'),
      import('./controlRoutes.js'),
    ])
    return [...identityRoutes(names), ...profileRoutes(names), ...nameControlRoutes(names)]
  },
})
