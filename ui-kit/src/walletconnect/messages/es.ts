import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.ConnectingWalletConnect.title': 'WalletConnect',
  'walletConnect.tabs': 'Formas de conectar',
  'walletConnect.tab.qrcode': 'Código QR',
  'walletConnect.tab.mobile': 'Móvil',
  'walletConnect.tab.desktop': 'Escritorio',
  'walletConnect.tab.web': 'Aplicación web',
  'walletConnect.qrLabel': 'Código QR para escanear con tu billetera',
  'walletConnect.scan': 'Escanea este código con la aplicación de billetera de tu teléfono.',
  'walletConnect.copy': 'Copiar enlace',
  'walletConnect.copied': 'Enlace copiado',
  'walletConnect.copyFailed': 'No se pudo copiar el enlace',
  'walletConnect.preparing': 'Preparando la conexión…',
  'walletConnect.open': 'Abrir {wallet}',
  'walletConnect.failed': 'La conexión falló.',
  'walletConnect.retry': 'Reintentar',
  'walletConnect.linkFailed': 'No se puede abrir el enlace de esta billetera.',
} satisfies TranslationOf<typeof en & typeof views>
