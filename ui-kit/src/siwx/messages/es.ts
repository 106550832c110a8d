import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.SIWXSignMessage.title': 'Iniciar sesión',
  'view.ConnectingSiwe.title': 'Iniciar sesión',
  'siwx.declined': 'Firma rechazada',
  'siwx.loadFailed':
    'No se pudo cargar el inicio de sesión. Comprueba tu conexión e inténtalo de nuevo.',
  'siwx.refused': 'La aplicación rechazó el inicio de sesión: {reason}',
  'siwx.asks': '{app} te pide que inicies sesión',
  'siwx.explain':
    'Firma este mensaje en tu billetera para demostrar que esta dirección es tuya. No cuesta nada y no envía ninguna transacción.',
  'siwx.messageLabel': 'Mensaje para firmar',
  'siwx.preparing': 'Preparando el mensaje…',
  'siwx.prepareFailed': 'No se pudo preparar el mensaje.',
  'siwx.prepareRetry': 'Preparar de nuevo',
  'siwx.signing': 'Firma el mensaje en tu billetera…',
  'siwx.failed': 'No se pudo iniciar sesión. Inténtalo de nuevo.',
  'siwx.sign': 'Firmar',
  'siwx.retry': 'Intentar de nuevo',
  'siwx.cancel': 'Cancelar',
} satisfies TranslationOf<typeof en & typeof views>
