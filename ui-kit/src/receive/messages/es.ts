import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.WalletReceive.title': 'Recibir',
  'receive.action': 'Recibir',
  'receive.copy': 'Copiar dirección',
  'receive.copied': 'Dirección copiada',
  'receive.copyFailed': 'No se pudo copiar la dirección',
  'receive.qrLabel': 'Código QR de tu dirección',
  'receive.networks': 'Puedes recibir en',
  'receive.warning': 'Envía a esta dirección solo tokens de estas redes.',
} satisfies TranslationOf<typeof en & typeof views>
