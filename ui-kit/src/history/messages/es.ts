import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Transactions.title': 'Actividad',
  'history.action': 'Actividad',
  'history.empty': 'Todavía no hay actividad.',
  'history.unsupported': 'La actividad solo está disponible para cuentas EVM.',
  'history.loading': 'Cargando actividad…',
  'history.fetchFailed': 'No se pudieron obtener las transacciones',
  'history.list': 'Transacciones',
  'history.loadMore': 'Cargar más actividad',
  'history.status.pending': 'Pendiente',
  'history.status.failed': 'Fallida',
  'history.from': 'De {address}',
  'history.to': 'Para {address}',
  'history.nft': 'NFT',
  'history.operation.send': 'Envío',
  'history.operation.receive': 'Recepción',
  'history.operation.execute': 'Ejecución',
  'history.operation.mint': 'Acuñación',
  'history.operation.burn': 'Quema',
  'history.operation.approve': 'Aprobación',
  'history.operation.trade': 'Intercambio',
  'history.operation.deposit': 'Depósito',
  'history.operation.withdraw': 'Retiro',
} satisfies TranslationOf<typeof en & typeof views>
