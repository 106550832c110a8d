export type { Message } from './types.js'
export { errorMessage } from './types.js'
