export type { PorticoClient } from './createPortico.js'
export { createPortico } from './createPortico.js'
export type { FarcasterLeaveRuleDependencies } from './navigationRules.js'
export { addFarcasterLeaveRule } from './navigationRules.js'
