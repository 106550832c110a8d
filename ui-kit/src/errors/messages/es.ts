import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'

export default {
  'error.INTERNAL_SDK_ERROR': 'No se pudo desconectar',
  'error.NO_ACTIVE_CAIP_ADDRESS': 'No hay ninguna cuenta activa',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': 'Se necesitan un importe y una dirección de destino',
  'error.SEND_TOKEN_REQUIRED': 'Se necesita un token',
  'error.UNSUPPORTED_CHAIN': 'Red no compatible',
  'error.INVALID_CAIP_ADDRESS': 'Dirección CAIP no válida',
  'error.CHAIN_ADAPTER_NOT_FOUND': 'No se encontró el adaptador de la red',
  'error.NETWORK_CLIENT_NOT_SET': 'El cliente de red no está disponible',
  'error.CONNECTION_CLIENT_NOT_SET': 'El cliente de conexión no está disponible',
  'error.NETWORK_NOT_FOUND': 'No se encontró la red',
  'error.ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND':
    'No se encontró la dirección ni el conector de acceso',
  'error.NAME_RESOLVE_FAILED': 'Error al resolver el nombre',
  'error.NAME_SUGGESTIONS_FAILED': 'Error al obtener sugerencias de nombres',
  'error.NAMES_FOR_ADDRESS_FAILED': 'Error al obtener los nombres de la dirección',
  'error.SIWE_AND_SIWX_BOTH_SET': 'No se pueden usar a la vez las opciones `siweConfig` y `siwx`',
  'error.SIWX_NOT_ENABLED': 'El inicio de sesión con la billetera (SIWX) no está activado',
  'error.REQUEST_ABORTED': 'La solicitud se canceló',
  'error.SWAP_NETWORK_NOT_SUPPORTED': 'Red no compatible con los intercambios',
  'error.GAS_PRICE_NETWORK_NOT_SUPPORTED': 'Red no compatible con el precio del gas',
  'error.INVALID_OPTIONS': 'La aplicación no está bien configurada',
  'error.INVALID_NETWORK': 'Una red de esta aplicación no está bien configurada',
  'error.API_ERROR': 'El servicio no pudo responder',
  'error.API_TIMEOUT': 'El servicio no respondió a tiempo',
  'error.INVALID_RESPONSE': 'El servicio envió una respuesta que no se pudo leer',
  'error.USER_REJECTED': 'Rechazado en la billetera',
  'error.WALLET_ERROR': 'La billetera no pudo completar la solicitud',
  'error.INVALID_INPUT': 'Revisa lo que has escrito',
  'error.ABORTED': 'Algo salió mal',
  'error.TIMEOUT': 'Tardó demasiado. Inténtalo de nuevo',
  'error.WALLET_TIMEOUT': 'Tu billetera no respondió en {seconds} segundos. Inténtalo de nuevo',
  'error.MODULE_LOAD_FAILED':
    'No se pudo cargar una parte de la aplicación. Comprueba tu conexión e inténtalo de nuevo',
  'error.RELAY_UNAVAILABLE':
    'WalletConnect no puede conectar con su servidor de retransmisión. Revisa tu conexión e inténtalo de nuevo',
  'error.NOT_CONNECTED': 'Primero conecta una billetera',
  'error.ACCOUNT_CHANGED': 'La cuenta cambió. Inténtalo de nuevo',
  'error.CHAIN_MISMATCH': 'Primero cambia tu billetera a la red correcta',
  'error.TRANSACTION_REVERTED': 'La transacción falló en la red',
  'error.CONTRACT_READ_FAILED': 'No se pudo leer el contrato',
  'error.UNKNOWN_ERROR': 'Se produjo un error',
  'error.SWAP_TRANSACTION_REFUSED':
    'El servicio de intercambio creó una transacción que no coincide con tu revisión. No se envió nada',
  'error.TOKEN_DECIMALS_MISMATCH':
    'Los decimales del token no coinciden con los de la red. No se envió nada',
  'alert.INVALID_APP_CONFIGURATION': 'Configuración de la aplicación no válida',
  'alert.PROJECT_ID_NOT_CONFIGURED': 'No se ha configurado el id del proyecto',
  'alert.SWITCH_NETWORK_NOT_FOUND': 'No se encontró la red a la que cambiar',
} satisfies TranslationOf<typeof en>
