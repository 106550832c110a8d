// The rules and tuning are the heavy half's (internal.ts imports them from their modules):
// re-exported here, the client's first load would reach the half's modules.
export { sendFeature } from './feature.js'
export type {
  SendErrors,
  SendErrorType,
  SendFeature,
  SendOptions,
  SendPreviewErrorType,
  SendReceiver,
  SendState,
} from './types.js'
export type { ReceiverInput } from './validation.js'
