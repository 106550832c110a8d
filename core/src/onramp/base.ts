import type { ExtraErrorCode } from '../errors/index.js'
import type { LazyContext } from '../kernel/feature.js'
import * as kit from '../kit.js'
import type { Message } from '../messages/index.js'
import { createOnrampApi, createOnrampValidators } from './api.js'
import type { OnrampPurchaseState, OnrampShell } from './types.js'

/**
 * What every part of the on-ramp's heavy half shares: the shell's stores and siblings, the
 * client's helpers, the API, and how its errors are made.
 */
export type OnrampBase = ReturnType<typeof createOnrampBase>

export function createOnrampBase(context: LazyContext, shell: OnrampShell) {
  const idlePurchase: OnrampPurchaseState = { ...kit.idleState(), phase: 'idle' }
  return {
    ...shell,
    kit,
    atom: context.atom,
    computed: context.computed,
    logger: context.logger,
    clock: context.clock,
    storage: context.storage,
    onDestroy: context.onDestroy,
    api: createOnrampApi(context.api.blockchain, createOnrampValidators()),
    idlePurchase,
    /** An error whose `details.message` says what the user reads. */
    error: (code: ExtraErrorCode, text: string, message: Message, details = {}) =>
      new kit.PorticoError(code, text, { details: { ...details, message } }),
  }
}
