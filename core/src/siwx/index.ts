export type { SiwxStateFeature } from './createSiwxState.js'
export { createSiwxState } from './createSiwxState.js'
