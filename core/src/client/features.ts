import { accountFeature } from '../account/index.js'
import { alertsFeature } from '../alerts/index.js'
import { authFeature } from '../auth/index.js'
import { balancesFeature } from '../balances/index.js'
import { connectionFeature } from '../connection/index.js'
import { connectorsFeature } from '../connectors/index.js'
import { farcasterFeature } from '../farcaster/index.js'
import { historyFeature } from '../history/index.js'
import { identityFeature } from '../identity/index.js'
import { localeFeature } from '../locale/index.js'
import { modalFeature } from '../modal/index.js'
import { namesFeature } from '../names/index.js'
import { networkFeature } from '../network/index.js'
import { onrampFeature } from '../onramp/index.js'
import { requestsFeature } from '../requests/index.js'
import { sendFeature } from '../send/index.js'
import { siwxFeature } from '../siwx/index.js'
import { swapFeature } from '../swap/index.js'
import { telemetryFeature } from '../telemetry/index.js'
import { themeFeature } from '../theme/index.js'
import { toastFeature } from '../toast/index.js'
import { walletFeature } from '../wallet/index.js'
import { walletConnectFeature } from '../walletconnect/index.js'
import { walletsFeature } from '../wallets/index.js'

/**
 * Every feature of the client. Adding a feature is adding it here: the client gets
 * `client.<name>`, its options join `PorticoOptions`, and it is created after what it needs.
 */
export const FEATURES = [
  modalFeature,
  alertsFeature,
  toastFeature,
  themeFeature,
  localeFeature,
  requestsFeature,
  networkFeature,
  connectorsFeature,
  connectionFeature,
  walletConnectFeature,
  walletsFeature,
  balancesFeature,
  identityFeature,
  farcasterFeature,
  authFeature,
  accountFeature,
  historyFeature,
  namesFeature,
  sendFeature,
  swapFeature,
  onrampFeature,
  siwxFeature,
  walletFeature,
  telemetryFeature,
] as const
