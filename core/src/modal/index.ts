export type { ModalDependencies, ModalFeature, OpenModalParameters } from './createModal.js'
export { createModal } from './createModal.js'
export type { ModalInternal } from './feature.js'
export { modalFeature } from './feature.js'
export type {
  CustomViews,
  FeatureView,
  SpecView,
  TransactionOutcome,
  TransactionStep,
  ViewData,
  ViewEntry,
  ViewName,
} from './types.js'
export { SPEC_VIEWS } from './types.js'
