import type { ReadableAtom } from 'nanostores'
import { PorticoError } from '../errors/index.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/feature.js'
import { createPendingRequests, type PendingRequest } from './pendingRequests.js'

/** Unsafe wallet requests waiting for the user (`client.requests`). */
export type RequestsFeature = {
  /** Unsafe wallet requests waiting for the user. */
  $pending: ReadableAtom<readonly PendingRequest[]>
}

export type RequestsInternal = {
  /** Tracks a request; `reject` is called if the user walks away. Returns a function to settle it. */
  track(method: string, reject: (reason: Error) => void): () => void
}

/**
 * Unsafe wallet requests the user has to approve. Closing the modal while no transaction step is
 * waiting rejects every one of them with 'Request was aborted': the user walked away.
 */
export const requestsFeature = defineFeature({
  name: 'requests',
  needs: [modalFeature],
  create(context): { public: RequestsFeature; internal: RequestsInternal } {
    const requests = createPendingRequests()
    const modal = context.use(modalFeature)
    context.onDestroy(
      modal.onClose((transactionPending) => {
        if (!transactionPending) requests.rejectAll(new PorticoError('REQUEST_ABORTED'))
      }),
    )
    return {
      public: { $pending: requests.$pending },
      internal: { track: requests.track },
    }
  },
})
