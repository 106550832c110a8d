import type { RouteModule } from '../services.js'
import { analyticsRoutes } from './analytics.js'
import { authRoutes } from './auth.js'
import { balanceRoutes } from './balance.js'
import { controlRoutes } from './control.js'
import { convertRoutes } from './convert.js'
import { fungiblePriceRoutes } from './fungiblePrice.js'
import { historyRoutes } from './history.js'
import { identityRoutes } from './identity.js'
import { imageRoutes } from './images.js'
import { onrampRoutes } from './onramp.js'
import { profileRoutes } from './profile.js'
import { projectRoutes } from './project.js'
import { supportedChainsRoutes } from './supportedChains.js'
import { walletsRoutes } from './wallets.js'

/** Every endpoint group the server answers; add a module here to add routes. */
export const routeModules: readonly RouteModule[] = [
  controlRoutes,
  supportedChainsRoutes,
  balanceRoutes,
  fungiblePriceRoutes,
  convertRoutes,
  identityRoutes,
  historyRoutes,
  onrampRoutes,
  profileRoutes,
  walletsRoutes,
  imageRoutes,
  projectRoutes,
  analyticsRoutes,
  authRoutes,
]
