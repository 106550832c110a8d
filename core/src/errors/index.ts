export type { AlertCode, ThrownErrorCode } from './catalogue.js'
export { alertCatalogue, thrownErrors } from './catalogue.js'
export type { ExtraErrorCode, PorticoErrorCode, PorticoErrorParameters } from './PorticoError.js'
export { EXTRA_ERROR_CODES, isPorticoError, PorticoError } from './PorticoError.js'
