import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Networks.title': 'Redes',
  'view.UnsupportedChain.title': 'Cambiar de red',
  'networks.list': 'Redes',
  'networks.active': 'Activa',
  'networks.switching': 'Aprueba el cambio en tu billetera…',
  'networks.failed': 'No se cambió de red.',
  'network.chainNotSupported': 'La red no es compatible',
  'unsupported.message':
    'Esta aplicación no es compatible con tu red actual. Cambia a una red compatible para continuar.',
  'unsupported.disconnect': 'Desconectar',
  'networks.group': 'Redes de {chain}',
  'namespaces.list': 'Cadenas',
  'namespaces.connect': 'Conectar una billetera de {chain}',
  'namespaces.disconnect': 'Desconectar {chain}',
  'namespaces.notConnected': 'No conectada',
  'namespace.eip155': 'EVM',
  'namespace.solana': 'Solana',
  'namespace.bip122': 'Bitcoin',
  'namespace.polkadot': 'Polkadot',
  'namespace.cosmos': 'Cosmos',
} satisfies TranslationOf<typeof en & typeof views>
