export type { PorticoClient, PorticoOptions } from './createPortico.js'
export { createPortico } from './createPortico.js'
export { FEATURES } from './features.js'
