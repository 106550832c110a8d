import type { MessageTable } from '../../kit/text.js'

/**
 * Portico errors (`error.<CODE>`) and alerts (`alert.<CODE>`) in English. For the catalogue codes
 * the text is the catalogue message word for word.
 */
export default {
  'error.INTERNAL_SDK_ERROR': 'Failed to disconnect',
  'error.NO_ACTIVE_CAIP_ADDRESS': 'No ActiveCaipAddress found',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': 'An amount and receiver address are required',
  'error.SEND_TOKEN_REQUIRED': 'A token is required',
  'error.UNSUPPORTED_CHAIN': 'Unsupported chain',
  'error.INVALID_CAIP_ADDRESS': 'Invalid CAIP Address',
  'error.CHAIN_ADAPTER_NOT_FOUND': 'Chain adapter not found',
  'error.NETWORK_CLIENT_NOT_SET': 'NetworkController client not set',
  'error.CONNECTION_CLIENT_NOT_SET': 'ConnectionController client not set',
  'error.NETWORK_NOT_FOUND': 'Network not found',
  'error.ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND': 'Address or auth connector not found',
  'error.NAME_RESOLVE_FAILED': 'Error resolving name',
  'error.NAME_SUGGESTIONS_FAILED': 'Error fetching name suggestions',
  'error.NAMES_FOR_ADDRESS_FAILED': 'Error fetching names for address',
  'error.SIWE_AND_SIWX_BOTH_SET': 'Cannot set both `siweConfig` and `siwx` options',
  'error.SIWX_NOT_ENABLED': 'SIWX is not enabled',
  'error.REQUEST_ABORTED': 'Request was aborted',
  'error.SWAP_NETWORK_NOT_SUPPORTED': 'Network not supported for Swaps',
  'error.GAS_PRICE_NETWORK_NOT_SUPPORTED': 'Network not supported for Gas Price',
  'error.INVALID_OPTIONS': 'The app is not set up correctly',
  'error.INVALID_NETWORK': 'A network of this app is not set up correctly',
  'error.API_ERROR': 'The service could not answer',
  'error.API_TIMEOUT': 'The service did not answer in time',
  'error.INVALID_RESPONSE': 'The service sent an answer that could not be read',
  'error.USER_REJECTED': 'Declined in the wallet',
  'error.WALLET_ERROR': 'The wallet could not complete the request',
  'error.INVALID_INPUT': 'Check what you entered',
  'error.ABORTED': 'Something went wrong',
  'error.TIMEOUT': 'This took too long. Please try again',
  'error.WALLET_TIMEOUT': 'Your wallet did not answer within {seconds} seconds. Please try again',
  'error.MODULE_LOAD_FAILED':
    'Part of the app could not be loaded. Check your connection and try again',
  'error.RELAY_UNAVAILABLE':
    'WalletConnect cannot reach its relay. Check your connection and try again',
  'error.NOT_CONNECTED': 'Connect a wallet first',
  'error.ACCOUNT_CHANGED': 'The account changed. Please try again',
  'error.CHAIN_MISMATCH': 'Switch your wallet to the right network first',
  'error.TRANSACTION_REVERTED': 'The transaction failed on the network',
  'error.CONTRACT_READ_FAILED': 'The contract could not be read',
  'error.UNKNOWN_ERROR': 'An error occurred',
  'error.SWAP_TRANSACTION_REFUSED':
    'The swap service built a transaction that does not match your review. Nothing was sent',
  'error.TOKEN_DECIMALS_MISMATCH':
    'The token’s decimals differ from the network’s. Nothing was sent',
  'alert.INVALID_APP_CONFIGURATION': 'Invalid app configuration',
  'alert.PROJECT_ID_NOT_CONFIGURED': 'Project id not configured',
  'alert.SWITCH_NETWORK_NOT_FOUND': 'Network to switch to was not found',
} as const satisfies MessageTable
