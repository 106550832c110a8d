import type { MessageTable } from '../../kit/text.js'

/**
 * Networks and the unsupported-network view, in English: what the page may show before the views' code
 * loads (titles, account action labels, what core and the toasts say). The views' own texts are in
 * en.views.ts.
 */
export default {
  'view.Networks.title': 'Networks',
  'view.UnsupportedChain.title': 'Switch network',
  'network.chainNotSupported': 'Chain is not supported',
} as const satisfies MessageTable
