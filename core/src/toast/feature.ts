import { defineFeature } from '../kernel/feature.js'
import { createToast } from './createToast.js'

/** The toast: one message at a time, a new one replacing the open one after a short pause. */
export const toastFeature = defineFeature({
  name: 'toast',
  create(context) {
    const toast = createToast()
    context.onDestroy(toast.hide)
    return { public: toast, internal: toast }
  },
})
