import type { MessageTable } from '../../kit/text.js'

/** Networks and the unsupported-network view, in English. */
export default {
  'view.Networks.title': 'Networks',
  'view.UnsupportedChain.title': 'Switch network',
  'networks.list': 'Networks',
  'networks.active': 'Active',
  'networks.switching': 'Approve the switch in your wallet…',
  'networks.failed': 'The network was not switched.',
  'network.chainNotSupported': 'Chain is not supported',
  'unsupported.message':
    'This app does not support your current network. Switch to a supported network to continue.',
  'unsupported.disconnect': 'Disconnect',
} as const satisfies MessageTable
