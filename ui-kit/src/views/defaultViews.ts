import type { ViewComponents } from '../modal/types.js'
import { ConnectView } from './Connect/ConnectView.js'

/** The views the kit ships; `<Modal views>` overrides any of them. */
export const defaultViews: ViewComponents = {
  Connect: ConnectView,
}
