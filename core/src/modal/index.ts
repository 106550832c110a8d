export type { ModalDependencies, ModalFeature, OpenModalParameters } from './createModal.js'
export { createModal } from './createModal.js'
export { navigateAfterNetworkSwitch } from './navigation.js'
export type {
  FeatureView,
  SpecView,
  TransactionOutcome,
  TransactionStep,
  ViewData,
  ViewEntry,
  ViewName,
} from './types.js'
export { SPEC_VIEWS } from './types.js'
