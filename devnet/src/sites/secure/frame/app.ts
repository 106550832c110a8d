// The secure frame (browser entry, bundled by esbuild when the page is first asked for). It
// talks only to the window that embeds it, when that window's origin is one of the project's
// allowed origins, and keeps the user's key: generated here, stored encrypted in this origin's
// IndexedDB, used here to sign after the user approved in this frame.

import {
  type AppPayloads,
  FRAME_ERRORS,
  FRAME_TIMINGS,
  type FramedUser,
  type FrameMessage,
  frameNotice,
  parseChainId,
} from '@portico/core/internal'
import { originMatches } from '../../../config/origins.js'
import { siteApi } from './api.js'
import { createApprovalUi } from './approval.js'
import { createDispatcher, type Handlers } from './dispatch.js'
import { FrameFailure } from './failure.js'
import type { StoredSession } from './keystore.js'
import { createLogin } from './login.js'
import { applyTheme, byId, parentOrigin, readConfig } from './page.js'
import { handleRpc } from './rpc.js'
import { cleanText } from './text.js'
import { createFrameUser } from './user.js'

declare global {
  interface Window {
    /** For tests and the console: what the frame did with the messages it received. */
    porticoSecureFrame?: { stats(): { handled: number; ignored: number; answered: number } }
  }
}

function main() {
  const config = readConfig()
  const status = byId<HTMLParagraphElement>('frame-status')
  const alert = byId<HTMLParagraphElement>('frame-error')
  const fail = (message: string) => {
    status.textContent = ''
    alert.textContent = message
    alert.hidden = false
  }

  if (window.parent === window) {
    fail('This page is the secure frame of the Portico devnet: apps load it in an iframe.')
    return
  }
  const origin = parentOrigin()
  if (!origin || !config.allowedOrigins.some((pattern) => originMatches(origin, pattern))) {
    // CSP frame-ancestors already keeps other sites out; this also covers browsers without it.
    fail('This app is not allowed to use the secure frame.')
    return
  }
  const appOrigin = origin

  const log = (...args: unknown[]) => {
    if (config.enableLogger) console.debug('[portico secure frame]', ...args)
  }
  const stats = { handled: 0, ignored: 0, answered: 0 }
  window.porticoSecureFrame = { stats: () => ({ ...stats }) }

  // Always the exact origin of the window that embeds us, never '*'.
  const post = (message: FrameMessage) => {
    log('→', message.type, message)
    window.parent.postMessage(message, appOrigin)
  }

  let chainId = config.chainId
  let dapp: AppPayloads['SYNC_DAPP_DATA'] = {}
  let stopping = false

  /** The name the app gives itself: shown apart from its origin, never in its place. */
  const appName = () => {
    const name = cleanText(dapp.metadata?.name ?? '', { max: 60 }).trim()
    return name ? { appName: name } : {}
  }

  const approvals = createApprovalUi({
    onOpen: (request) =>
      post(frameNotice('APPROVAL_OPEN', { requestId: request.requestId, method: request.method })),
    onClose: (request, approved) =>
      post(frameNotice('APPROVAL_CLOSED', { requestId: request.requestId, approved })),
  })

  const framedUser = (session: StoredSession): FramedUser => ({
    email: session.email,
    address: session.address,
    chainId,
    accounts: [{ address: session.address, type: 'eoa' }],
    preferredAccountType: 'eoa',
    // The devnet's embedded accounts are EOAs: there is no smart account to deploy.
    smartAccountDeployed: false,
  })

  // Sessions are per app origin (keystore.ts): each app signs in on its own.
  const user = createFrameUser(appOrigin, (signedIn) => {
    status.textContent = signedIn ? `Signed in as ${signedIn.session.email}` : 'Not signed in'
  })
  const { current, requireUser } = user

  function knownChain(value: unknown): number {
    const id = parseChainId(value)
    if (id === undefined || !config.chains.some((c) => c.chainId === id)) {
      throw new FrameFailure(FRAME_ERRORS.unsupportedChain)
    }
    return id
  }

  const socialUnavailable = async (): Promise<never> => {
    throw new FrameFailure(FRAME_ERRORS.socialUnavailable)
  }

  const login = createLogin(user, framedUser)
  const handlers: Handlers = {
    ...login.handlers,

    async SWITCH_NETWORK({ chainId: wanted }) {
      chainId = knownChain(wanted)
      return { chainId }
    },

    GET_SOCIAL_REDIRECT_URI: socialUnavailable,
    CONNECT_SOCIAL: socialUnavailable,
    GET_FARCASTER_URI: socialUnavailable,
    CONNECT_FARCASTER: socialUnavailable,

    async GET_USER({ chainId: wanted }) {
      const { session } = await requireUser()
      if (wanted !== undefined) chainId = knownChain(wanted)
      return { user: framedUser(session) }
    },

    async SIGN_OUT() {
      approvals.dropAll(new FrameFailure(FRAME_ERRORS.signedOut, 4001))
      login.forgetPending()
      const token = user.token()
      await user.signOutLocally()
      if (token) await siteApi.signOut(token).catch(() => undefined)
      return {}
    },

    async IS_CONNECTED() {
      return { isConnected: (await current()) !== undefined }
    },

    async GET_CHAIN_ID() {
      return { chainId }
    },

    async RPC_REQUEST(payload, id) {
      const signedIn = await current()
      const result = await handleRpc(
        {
          chainId,
          chains: config.chains,
          account: signedIn?.account,
          appOrigin,
          approve: (request) => approvals.ask({ ...request, app: appOrigin, ...appName() }),
        },
        id,
        payload,
      )
      return { result: result === undefined ? null : result }
    },

    async SYNC_THEME(theme) {
      applyTheme(theme)
      return {}
    },

    async SYNC_DAPP_DATA(data) {
      dapp = data
      return {}
    },

    async INIT_SMART_ACCOUNT() {
      throw new FrameFailure(FRAME_ERRORS.smartAccountsUnavailable)
    },

    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      // The devnet has no EntryPoint or bundler: no network runs smart accounts.
      return { smartAccountEnabledNetworks: [] }
    },

    async SET_PREFERRED_ACCOUNT({ type }) {
      const { session } = await requireUser()
      if (type !== 'eoa') throw new FrameFailure(FRAME_ERRORS.smartAccountsUnavailable)
      return { type, address: session.address }
    },

    async RELOAD() {
      stopping = true
      approvals.dropAll(new FrameFailure(FRAME_ERRORS.reloading))
      // After this answer is posted (see below).
      setTimeout(() => location.reload(), 0)
      return {}
    },
  }

  const dispatcher = createDispatcher({
    appOrigin,
    handlers,
    post,
    log,
    stats,
    stopping: () => stopping,
  })
  window.addEventListener('message', dispatcher.onMessage)

  void (async () => {
    let remembered: StoredSession | undefined
    try {
      remembered = await user.open()
    } catch (error) {
      fail(`The frame cannot use its storage: ${String(error)}`)
      return
    }
    status.textContent = remembered ? `Remembered: ${remembered.email}` : 'Not signed in'
    dispatcher.start()

    // READY until the app's first event shows it listens; then a heartbeat every 5 s.
    const announce = () => post(frameNotice('READY', { version: config.version, chainId }))
    announce()
    let repeats = Math.floor(FRAME_TIMINGS.iframeLoadTimeoutMs / FRAME_TIMINGS.frameReadyIntervalMs)
    const readyTimer = setInterval(() => {
      if (dispatcher.firstEventSeen() || --repeats <= 0) clearInterval(readyTimer)
      else announce()
    }, FRAME_TIMINGS.frameReadyIntervalMs)
    let sequence = 0
    setInterval(
      () => post(frameNotice('HEARTBEAT', { sequence: sequence++ })),
      FRAME_TIMINGS.heartbeatIntervalMs,
    )
  })()
}

main()
