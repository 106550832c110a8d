export type { AsyncAction, AsyncState, AsyncStatus } from './async.js'
export {
  createAsyncAction,
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from './async.js'
export type { ClientOf, OptionsOf } from './createClient.js'
export { buildClient, createClient, loadFeatureCode, orderFeatures } from './createClient.js'
export type { DeadlineOptions } from './deadline.js'
export { withDeadline } from './deadline.js'
export type { EventBus, EventToken } from './events.js'
export { createEventBus, defineEvent } from './events.js'
export type {
  AnyFeature,
  ClientContext,
  Clock,
  DefineFeatureParameters,
  Feature,
  FeatureContext,
  InternalOf,
  OptionsInputOf,
  PublicOf,
} from './feature.js'
export { defineFeature } from './feature.js'
export type { LazyModule } from './lazy.js'
export { lazyModule } from './lazy.js'
