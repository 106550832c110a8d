import { walletsRoutes } from '../../wallets/listing/routes.js'
import { analyticsRoutes } from '../analytics/routes.js'
import { balanceRoutes } from '../blockchain/balance.js'
import { fungiblePriceRoutes } from '../blockchain/fungiblePrice.js'
import { supportedChainsRoutes } from '../blockchain/supportedChains.js'
import { historyRoutes } from '../history/routes.js'
import { imageRoutes } from '../images/routes.js'
import { identityRoutes } from '../names/identityRoutes.js'
import { profileRoutes } from '../names/profileRoutes.js'
import { onrampRoutes } from '../onramp/routes.js'
import { projectRoutes } from '../project/routes.js'
import { authRoutes } from '../siwx/routes.js'
import { convertRoutes } from '../swap/routes.js'
import { controlRoutes } from './control.js'
import type { RouteModule } from './services.js'

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
