import { PorticoError } from '../errors/index.js'

/** Throws the error every option check uses, with a message that names the option. */
export function invalidOption(message: string): never {
  throw new PorticoError('INVALID_OPTIONS', message)
}
