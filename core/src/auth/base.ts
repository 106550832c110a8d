import { createToolkitApi, isOriginAllowed } from '../api/toolkit.js'
import type { LazyContext } from '../kernel/feature.js'
import * as kit from '../kit.js'
import { evmChainId, finiteNumber, networkNamespace, SDK_TYPE, SDK_VERSION } from '../kit.js'
import { createDomHost } from './dom.js'
import { createAuthErrors } from './errors.js'
import { createFrameClient } from './frame.js'
import {
  type AppEventName,
  type AppPayloads,
  type DappMetadata,
  type FramedUser,
  SECURE_FRAME_PATH,
  SECURE_SDK_VERSION,
  type SuccessPayloads,
} from './protocol.js'
import type { AuthShell, AuthUser, FramePlacement, FrameState } from './types.js'

/**
 * How long the app waits for the secure frame's answer to an event the spec gives no time for
 * (is-connected, get user, a read-only RPC call, the email update codes…). Ours: the same 30 s as
 * the spec's email and code events, so nothing waits for ever on a frame that went silent.
 */
export const FRAME_ANSWER_TIMEOUT_MS = 30_000

const THEME_NAME = /^--portico-[a-z0-9-]{1,40}$/
const THEME_VALUE = /^[^;{}<>\\\r\n]{0,200}$/

/** The app's metadata as the frame may show it: http(s) links, bounded texts. */
function safeMetadata(metadata: LazyContext['options']['metadata']): DappMetadata | undefined {
  if (!metadata) return undefined
  const isHttp = (value: string) => /^https?:\/\//.test(value) && value.length <= 2048
  if (!isHttp(metadata.url)) return undefined
  return {
    name: metadata.name.slice(0, 100),
    description: metadata.description.slice(0, 500),
    url: metadata.url,
    icons: metadata.icons.filter(isHttp).slice(0, 10),
  }
}

/** What every part of the embedded wallet shares: the frame, its events, the errors, the user. */
export type AuthBase = ReturnType<typeof createAuthBase>

/**
 * The secure frame's life: loaded on the app's EVM network the first time it is asked something,
 * told about the app and its theme once ready, shown over the approval view while it asks, reloaded
 * when a Farcaster sign-in was left, alerting when it never loads or a request times out.
 */
export function createAuthBase(context: LazyContext, shell: AuthShell) {
  const { options, logger, clock } = context
  const { PorticoError, isPorticoError } = kit
  const { stores, alerts, network, theme } = shell
  const { $frame } = stores

  let secureSite: URL
  try {
    secureSite = new URL(options.apiUrls.secureSite)
    if (secureSite.protocol !== 'https:' && secureSite.protocol !== 'http:') throw new Error()
  } catch (cause) {
    throw new PorticoError('INVALID_OPTIONS', 'apiUrls.secureSite must be an http(s) URL', {
      cause,
    })
  }

  /** The chain the frame loads on: the app's selected EVM network. */
  function startChainId(): number {
    const selected = network.$activeNetworks.get().eip155
    const evm = selected ?? options.networks.find((n) => networkNamespace(n) === 'eip155')
    if (!evm) throw new PorticoError('UNSUPPORTED_CHAIN')
    return evmChainId(evm)
  }

  function frameUrl(): string {
    const url = new URL(`${secureSite.href.replace(/\/+$/, '')}${SECURE_FRAME_PATH}`)
    url.search = new URLSearchParams({
      projectId: options.projectId,
      chainId: String(startChainId()),
      version: String(SECURE_SDK_VERSION),
      enableLogger: String(shell.enableLogger),
    }).toString()
    return url.href
  }

  /** The chain the frame is on, once it said (READY, a user, a switch). */
  let frameChainId: number | undefined
  let placement: FramePlacement | undefined
  const setFrame = (patch: Partial<FrameState>) => $frame.set({ ...$frame.get(), ...patch })
  const applyPlacement = () => frame.place($frame.get().approval ? placement : undefined)

  const frame = createFrameClient({
    kit,
    origin: secureSite.origin,
    url: frameUrl,
    host: shell.host() ?? createDomHost(),
    now: clock.now,
    onReady(chainId) {
      frameChainId = chainId
      setFrame({ status: 'ready', approval: undefined })
      void syncDapp()
      void syncTheme()
    },
    onNotice({ notice, payload }) {
      if (notice === 'APPROVAL_OPEN') setFrame({ approval: { ...payload } })
      else if ($frame.get().approval?.requestId === payload.requestId) {
        setFrame({ approval: undefined })
      }
      applyPlacement()
    },
    onGone(error) {
      setFrame({ status: 'failed', approval: undefined })
      if (error.code === 'EMAIL_DEPENDENCY_LOAD_FAILED') void alertLoadFailure()
      else logger.warn('the secure frame stopped answering; it loads again on next use', error)
    },
  })
  context.onDestroy(() => frame.reset(new PorticoError('ABORTED', 'The client was destroyed')))

  /** A frame that never said READY: the page's origin not allowed, or the site unreachable. */
  async function alertLoadFailure() {
    const origin = context.isBrowser ? globalThis.location?.origin : undefined
    try {
      if (origin && options.projectId) {
        const allowed = await createToolkitApi(context.api.toolkit).getAllowedOrigins()
        if (!isOriginAllowed(origin, allowed)) {
          alerts.raise('UNVERIFIED_DOMAIN', { origin, allowedOrigins: allowed })
          return
        }
      }
    } catch (error) {
      logger.warn('could not check the allowed origins', error)
    }
    alerts.raise('IFRAME_LOAD_FAILED', { secureSite: secureSite.origin })
  }

  /** Posts an event and waits for its answer; a timeout raises the iframe-request-timeout alert. */
  async function ask<E extends AppEventName>(
    event: E,
    payload: AppPayloads[E],
    timeoutMs: number | undefined = FRAME_ANSWER_TIMEOUT_MS,
  ): Promise<SuccessPayloads[E]> {
    if ($frame.get().status !== 'ready') setFrame({ status: 'loading' })
    try {
      return await frame.request(event, payload, timeoutMs)
    } catch (error) {
      if (isPorticoError(error, 'TIMEOUT')) alerts.raise('IFRAME_REQUEST_TIMEOUT', { event })
      throw error
    }
  }

  async function syncDapp() {
    const metadata = safeMetadata(options.metadata)
    await ask('SYNC_DAPP_DATA', {
      ...(metadata ? { metadata } : {}),
      projectId: options.projectId.slice(0, 200),
      sdkType: SDK_TYPE,
      sdkVersion: SDK_VERSION,
    }).catch((error) => logger.warn('could not tell the secure frame about the app', error))
  }

  async function syncTheme() {
    const variables = Object.entries(theme.$cssVariables.get())
      .filter(([name, value]) => THEME_NAME.test(name) && THEME_VALUE.test(value))
      .slice(0, 50)
    await ask('SYNC_THEME', {
      themeMode: theme.$themeMode.get(),
      themeVariables: Object.fromEntries(variables),
    }).catch((error) => logger.warn('could not pass the theme to the secure frame', error))
  }
  context.onDestroy(
    theme.$cssVariables.listen(() => {
      if ($frame.get().status === 'ready') void syncTheme()
    }),
  )

  let reloading: Promise<void> | undefined
  /** Asks the frame to reload: it drops the approvals it shows, and says READY again. */
  function reloadFrame(): Promise<void> {
    if ($frame.get().status !== 'ready') return Promise.resolve()
    reloading ??= ask('RELOAD', {})
      .then(
        () => {
          setFrame({ status: 'loading', approval: undefined })
          frame.reloading()
        },
        (error) => logger.warn('the secure frame did not reload', error),
      )
      .finally(() => {
        reloading = undefined
      })
    return reloading
  }
  // Leaving ConnectingFarcaster without an address: start from a fresh frame.
  context.onDestroy(context.events.on(shell.reloadEvent, () => void reloadFrame()))

  /** When the last login mail was asked (ms since epoch), across reloads. */
  const lastLogin = {
    get: () => context.storage.read(shell.lastLoginKey, finiteNumber),
    set: (at: number) => context.storage.write(shell.lastLoginKey, at),
  }

  return {
    ...shell,
    kit,
    logger,
    options,
    onDestroy: context.onDestroy,
    now: clock.now,
    frame,
    ask,
    reloadFrame,
    setFrame,
    lastLogin,
    ...createAuthErrors(kit, { now: clock.now, waitFrom: lastLogin.set }),
    /** The chain the frame is on, once it is ready. */
    async chainId(): Promise<number> {
      if (frameChainId === undefined) await frame.ready()
      return frameChainId as number
    },
    setChainId(chainId: number) {
      frameChainId = chainId
    },
    /** The frame's user is the wallet's: its chain is the frame's. */
    setUser(user: FramedUser): AuthUser {
      frameChainId = user.chainId
      stores.$user.set(user)
      return user
    },
    showFrame(next: FramePlacement | undefined) {
      placement = next
      applyPlacement()
    },
  }
}
