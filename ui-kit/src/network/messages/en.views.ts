import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'networks.list': 'Networks',
  'networks.active': 'Active',
  'networks.switching': 'Approve the switch in your wallet…',
  'networks.failed': 'The network was not switched.',
  'networks.group': '{chain} networks',
  'namespaces.list': 'Chains',
  'namespaces.connect': 'Connect a {chain} wallet',
  'namespaces.disconnect': 'Disconnect {chain}',
  'namespaces.notConnected': 'Not connected',
  'namespace.eip155': 'EVM',
  'namespace.solana': 'Solana',
  'namespace.bip122': 'Bitcoin',
  'namespace.polkadot': 'Polkadot',
  'namespace.cosmos': 'Cosmos',
  'unsupported.message':
    'This app does not support your current network. Switch to a supported network to continue.',
  'unsupported.disconnect': 'Disconnect',
} as const satisfies MessageTable)
