export type { SendErrors, SendFeature, SendReceiver, SendState } from './createSend.js'
export { createSend } from './createSend.js'
export type { ReceiverInput } from './validation.js'
export { checkAmount, readReceiver, SEND_MESSAGES } from './validation.js'
