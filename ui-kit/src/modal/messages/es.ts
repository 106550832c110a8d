import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type page from './en.page.js'

export default {
  'modal.close': 'Cerrar',
  'modal.back': 'Atrás',
  'modal.open': 'Conectar billetera',
  'modal.unknownView': 'Esta vista no está disponible.',
  'modal.viewFailed': 'No se pudo cargar esta vista.',
  'modal.retry': 'Reintentar',
  'toast.region': 'Notificaciones',
  'button.connect': 'Conectar billetera',
  'button.account': 'Cuenta',
  'button.network': 'Red',
  'button.unsupportedNetwork': 'Red no compatible',
} satisfies TranslationOf<typeof en & typeof page>
