import { accountUi } from './account/feature.js'
import { authUi } from './auth/feature.js'
import { connectUi } from './connect/feature.js'
import { errorsUi } from './errors/feature.js'
import { historyUi } from './history/feature.js'
import type { MessagesOf } from './kit/feature.js'
import { modalUi } from './modal/feature.js'
import { namesUi } from './names/feature.js'
import { networkUi } from './network/feature.js'
import { onrampUi } from './onramp/feature.js'
import { receiveUi } from './receive/feature.js'
import { sendUi } from './send/feature.js'
import { siwxUi } from './siwx/feature.js'
import { swapUi } from './swap/feature.js'
import { walletConnectUi } from './walletconnect/feature.js'

/**
 * Every feature of the UI kit. A feature is a folder (its views, view-model hooks and texts in
 * every language) and one line here: the modal then draws its views, renders its texts, and shows
 * its Account buttons. The order is the order of the Account view's buttons after the wallet
 * features (onramp, swaps, receive, send), which follow the app's `walletFeaturesOrder`.
 */
export const UI_FEATURES = [
  modalUi,
  errorsUi,
  connectUi,
  walletConnectUi,
  accountUi,
  networkUi,
  sendUi,
  swapUi,
  receiveUi,
  historyUi,
  namesUi,
  siwxUi,
  authUi,
  onrampUi,
] as const

/** Every text of the kit by key, each with any text: what `<PorticoProvider messages>` takes. */
export type UiKitMessages = MessagesOf<typeof UI_FEATURES>
