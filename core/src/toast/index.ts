export type { ShowToastParameters, ToastFeature, ToastState, ToastVariant } from './createToast.js'
export { createToast, DEFAULT_TOAST } from './createToast.js'
