import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Connect.title': 'Conectar billetera',
  'view.AllWallets.title': 'Todas las billeteras',
  'view.ConnectingExternal.title': 'Conectando',
  'connect.empty': 'No se encontraron billeteras en este navegador.',
  'connect.list': 'Billeteras',
  'connect.recent': 'Reciente',
  'connect.allWallets': 'Todas las billeteras',
  'connect.allWalletsCount': 'Todas las billeteras ({count})',
  'connect.listError':
    'No se pudo cargar la lista de billeteras. Revisa la conexión a internet y el projectId.',
  'connect.retry': 'Reintentar',
  'connect.alertHint.PROJECT_ID_NOT_CONFIGURED':
    'Pasa a createPortico el id de tu proyecto de Reown Cloud (cloud.reown.com): la lista de billeteras y los demás servicios alojados lo necesitan. El devnet de Portico no necesita ninguno.',
  'connect.alertHint.INVALID_APP_CONFIGURATION':
    'Añade el origen de este sitio a los orígenes permitidos de tu proyecto.',
  'allWallets.search': 'Buscar billeteras',
  'allWallets.list': 'Todas las billeteras',
  'allWallets.count': { one: '{count} billetera', other: '{count} billeteras' },
  'allWallets.noResults': 'Ninguna billetera coincide con tu búsqueda.',
  'allWallets.loading': 'Cargando billeteras…',
  'allWallets.error': 'No se pudo cargar la lista de billeteras.',
  'allWallets.loadMore': 'Cargar más billeteras',
  'connecting.continueIn': 'Continúa en {wallet}',
  'connecting.accept': 'Acepta la solicitud de conexión en tu billetera.',
  'connecting.declined': 'Conexión rechazada',
  'connecting.failed': 'La conexión falló',
  'connecting.retry': 'Reintentar',
  'connecting.unavailable': 'Esta billetera no está disponible en este navegador.',
} satisfies TranslationOf<typeof en & typeof views>
