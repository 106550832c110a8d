import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Networks.title': '网络',
  'view.UnsupportedChain.title': '切换网络',
  'networks.list': '网络',
  'networks.active': '当前',
  'networks.switching': '请在钱包中批准切换…',
  'networks.failed': '网络未切换。',
  'network.chainNotSupported': '不支持该网络',
  'unsupported.message': '此应用不支持你当前的网络。请切换到受支持的网络后继续。',
  'unsupported.disconnect': '断开连接',
  'networks.group': '{chain} 网络',
  'namespaces.list': '链',
  'namespaces.connect': '连接 {chain} 钱包',
  'namespaces.disconnect': '断开 {chain}',
  'namespaces.notConnected': '未连接',
  'namespace.eip155': 'EVM',
  'namespace.solana': 'Solana',
  'namespace.bip122': '比特币',
  'namespace.polkadot': 'Polkadot',
  'namespace.cosmos': 'Cosmos',
} satisfies TranslationOf<typeof en & typeof views>
