import { PorticoError } from '../errors/index.js'
import { moduleLoadFailed } from '../kernel/lazy.js'
import { SIWX_LOAD_FAILED } from './constants.js'
import type { SiwxBaseOptions, SiwxConfig, SiwxContext } from './types.js'

/** A configuration's code that cannot be fetched: the same error as the sign-in code's. */
const loadFailed = moduleLoadFailed('sign-in', SIWX_LOAD_FAILED)

/**
 * A configuration whose code loads on its first call: the app's initial load carries only this
 * object, its implementation comes with `import()` once the client needs a message or a session.
 * `init` (the client's context) must come first. The app makes it before any client exists, so
 * it loads its code itself rather than as a feature's heavy half.
 */
export function deferredSiwx<Impl extends object>(
  options: SiwxBaseOptions,
  methods: readonly (keyof Impl & string)[],
  load: (context: SiwxContext) => Promise<Impl>,
): SiwxConfig & Impl {
  let context: SiwxContext | undefined
  let impl: Promise<Impl> | undefined
  const get = () => {
    if (!context) {
      return Promise.reject(
        new PorticoError('INVALID_OPTIONS', 'Pass this sign-in configuration to createPortico'),
      )
    }
    impl ??= load(context).catch((cause: unknown) => {
      impl = undefined
      throw loadFailed(cause)
    })
    return impl
  }
  const config: Record<string, unknown> = {
    init(next: SiwxContext) {
      context = next
      impl = undefined
    },
    getRequired: () => options.required === true,
    signOutOnDisconnect: options.signOutOnDisconnect !== false,
  }
  for (const name of methods) {
    config[name] = (...args: unknown[]) =>
      get().then((loaded) => (loaded[name] as (...a: unknown[]) => Promise<unknown>)(...args))
  }
  return config as SiwxConfig & Impl
}
