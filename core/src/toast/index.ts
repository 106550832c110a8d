export { TOAST_AUTO_CLOSE_MS, TOAST_SWAP_DELAY_MS } from './constants.js'
export type {
  ShowToastParameters,
  ToastContent,
  ToastFeature,
  ToastState,
  ToastVariant,
} from './createToast.js'
export { createToast, DEFAULT_TOAST } from './createToast.js'
export { toastFeature } from './feature.js'
