export type { AlertCode, ThrownErrorCode } from './catalogue.js'
export { alertCatalogue, thrownErrors, userMessages } from './catalogue.js'
export type { ExtraErrorCode, PorticoErrorCode, PorticoErrorParameters } from './PorticoError.js'
export { isPorticoError, PorticoError } from './PorticoError.js'
