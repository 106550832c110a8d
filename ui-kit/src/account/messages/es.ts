import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Account.title': 'Cuenta',
  'account.copy': 'Copiar dirección',
  'account.copied': 'Dirección copiada',
  'account.copyFailed': 'No se pudo copiar la dirección',
  'account.network': 'Red: {network}',
  'account.disconnect': 'Desconectar',
  'account.explorer': 'Ver en el explorador',
  'account.balance': 'Saldo',
  'account.balanceAmount': '{amount} {symbol}',
  'account.reconnecting': 'Reconectando…',
  'account.actions': 'Acciones de la billetera',
  'balances.unavailable': 'Saldo de tokens no disponible',
} satisfies TranslationOf<typeof en & typeof views>
