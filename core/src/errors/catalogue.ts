/**
 * The error catalogue of the specification (§8). Messages are used word for word; each entry has a
 * stable `code` that apps can branch on without matching text.
 */

/** Errors thrown by actions. */
export const thrownErrors = {
  INTERNAL_SDK_ERROR: 'Failed to disconnect',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  SEND_TOKEN_REQUIRED: 'A token is required',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  INVALID_CAIP_ADDRESS: 'Invalid CAIP Address',
  EMAIL_DEPENDENCY_LOAD_FAILED: 'Unable to load email login dependency',
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  NETWORK_CLIENT_NOT_SET: 'NetworkController client not set',
  CONNECTION_CLIENT_NOT_SET: 'ConnectionController client not set',
  NETWORK_NOT_FOUND: 'Network not found',
  ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',
  NAME_RESOLVE_FAILED: 'Error resolving name',
  NAME_SUGGESTIONS_FAILED: 'Error fetching name suggestions',
  NAMES_FOR_ADDRESS_FAILED: 'Error fetching names for address',
  SIWE_AND_SIWX_BOTH_SET: 'Cannot set both `siweConfig` and `siwx` options',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  REQUEST_ABORTED: 'Request was aborted',
  /** Building a swap or its approval for a chain that is not a swap network. */
  SWAP_NETWORK_NOT_SUPPORTED: 'Network not supported for Swaps',
  /** Asking the gas price of a chain that is not a swap network. */
  GAS_PRICE_NETWORK_NOT_SUPPORTED: 'Network not supported for Gas Price',
  /** The embedded wallet refuses a method it does not serve. */
  RPC_NOT_ALLOWED: 'Requested RPC call is not allowed',
  /** The embedded wallet refuses a method it serves but cannot do here (signed out, another account). */
  ACTION_NOT_ALLOWED: 'Action not allowed',
} as const

/** Alerts: configuration and infrastructure problems the app developer must see. */
export const alertCatalogue = {
  IFRAME_LOAD_FAILED: {
    message: 'The secure sign-in frame failed to load',
    hint: 'Check that apiUrls.secureSite is reachable from this page.',
  },
  IFRAME_REQUEST_TIMEOUT: {
    message: 'The secure sign-in frame did not answer in time',
    hint: 'The request timed out; try again.',
  },
  UNVERIFIED_DOMAIN: {
    message: 'This domain is not verified for the project',
    hint: 'Add this origin to the allowed origins of your project.',
  },
  INVALID_APP_CONFIGURATION: {
    message: 'Invalid app configuration',
    hint: 'This origin is not in the allowed origins list of your project.',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    message: 'Project id not configured',
    hint: 'Pass a projectId to createPortico.',
  },
  SWITCH_NETWORK_NOT_FOUND: {
    message: 'Network to switch to was not found',
    hint: 'Add the network to the networks option.',
  },
} as const

/** The codes of the spec's error catalogue. */
export type ThrownErrorCode = keyof typeof thrownErrors
/** The stable code of an alert (project id missing, origin not allowed…). */
export type AlertCode = keyof typeof alertCatalogue
