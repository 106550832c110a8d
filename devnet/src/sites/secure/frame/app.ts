// The secure frame (browser entry, bundled by esbuild when the page is first asked for). It
// talks only to the window that embeds it, when that window's origin is one of the project's
// allowed origins, and keeps the user's key: generated here, stored encrypted in this origin's
// IndexedDB, used here to sign after the user approved in this frame.

import {
  type AppEventName,
  type AppPayloads,
  FRAME_ERRORS,
  FRAME_TIMINGS,
  type FramedUser,
  type FrameMessage,
  frameError,
  frameNotice,
  frameSuccess,
  normalizeEmail,
  parseAppMessage,
  parseChainId,
  type SuccessPayloads,
} from '@portico/core/internal'
import { generatePrivateKey } from 'viem/accounts'
import { originMatches } from '../../../config/origins.js'
import { siteApi } from './api.js'
import { createApprovalUi } from './approval.js'
import { FrameFailure } from './failure.js'
import type { StoredSession } from './keystore.js'
import { applyTheme, byId, parentOrigin, readConfig } from './page.js'
import { handleRpc } from './rpc.js'
import { createFrameUser, rethrow } from './user.js'

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
  let pendingLogin: { email: string } | undefined
  let stopping = false

  const requester = () => {
    const name = dapp.metadata?.name?.trim()
    return name ? `${name} (${appOrigin})` : appOrigin
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

  const user = createFrameUser((signedIn) => {
    status.textContent = signedIn ? `Signed in as ${signedIn.session.email}` : 'Not signed in'
  })
  const { current, requireUser, signIn } = user

  function knownChain(value: unknown): number {
    const id = parseChainId(value)
    if (id === undefined || !config.chains.some((c) => c.chainId === id)) {
      throw new FrameFailure(FRAME_ERRORS.unsupportedChain)
    }
    return id
  }

  type Handlers = {
    [E in AppEventName]: (payload: AppPayloads[E], id: string) => Promise<SuccessPayloads[E]>
  }

  const socialUnavailable = async (): Promise<never> => {
    throw new FrameFailure(FRAME_ERRORS.socialUnavailable)
  }

  const handlers: Handlers = {
    async SWITCH_NETWORK({ chainId: wanted }) {
      chainId = knownChain(wanted)
      return { chainId }
    },

    async CONNECT_EMAIL({ email }) {
      const address = normalizeEmail(email)
      const signedIn = await current()
      if (signedIn && signedIn.session.email === address) {
        pendingLogin = undefined
        return { action: 'CONNECT' }
      }
      const { action } = await siteApi.startLogin(address, user.deviceId()).catch(rethrow)
      pendingLogin = { email: address }
      return { action }
    },

    async CONNECT_DEVICE() {
      if (!pendingLogin) throw new FrameFailure(FRAME_ERRORS.noLoginInProgress)
      return siteApi.waitForDevice(pendingLogin.email, user.deviceId()).catch(rethrow)
    },

    async CONNECT_OTP({ otp }) {
      const login = pendingLogin
      if (!login) throw new FrameFailure(FRAME_ERRORS.noLoginInProgress)
      const answer = await siteApi.verifyLogin(login.email, user.deviceId(), otp).catch(rethrow)
      pendingLogin = undefined
      let privateKey = answer.privateKey
      let address = answer.user.address
      if (!privateKey || !address) {
        // A new user: the key is made here, in the frame, and handed to the site's escrow once.
        privateKey = generatePrivateKey()
        const escrowed = await siteApi.escrowKey(answer.sessionToken, privateKey).catch(rethrow)
        address = escrowed.user.address
        if (!address) throw new FrameFailure(FRAME_ERRORS.default)
      }
      const previous = user.signedIn()?.session.token
      if (previous && previous !== answer.sessionToken) siteApi.signOut(previous).catch(() => {})
      const session = { token: answer.sessionToken, privateKey, email: answer.user.email, address }
      await signIn(session)
      return { user: framedUser(session) }
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
      pendingLogin = undefined
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
          requester: requester(),
          approve: (request) => approvals.ask({ ...request, app: requester() }),
        },
        id,
        payload,
      )
      return { result: result === undefined ? null : result }
    },

    async UPDATE_EMAIL({ email }) {
      const { session } = await requireUser()
      return siteApi.startEmailUpdate(session.token, normalizeEmail(email)).catch(rethrow)
    },

    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      const { session } = await requireUser()
      return siteApi.confirmPrimary(session.token, otp).catch(rethrow)
    },

    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { session } = await requireUser()
      const { email } = await siteApi.confirmSecondary(session.token, otp).catch(rethrow)
      await signIn({ ...session, email })
      return { email }
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

  let ready = false
  let firstEventSeen = false
  const queued: MessageEvent[] = []

  function onMessage(event: MessageEvent) {
    // Only the embedding window, and only when it is the allowed origin it was at load.
    if (event.source !== window.parent || event.origin !== appOrigin) {
      stats.ignored++
      return
    }
    if (!ready) {
      queued.push(event)
      return
    }
    const parsed = parseAppMessage(event.data)
    if (!parsed.ok) {
      if (parsed.event === undefined) {
        stats.ignored++
        return
      }
      stats.answered++
      post(
        frameError(parsed.event, parsed.id, {
          message: `${FRAME_ERRORS.invalidPayload}: ${parsed.reason}`,
        }),
      )
      return
    }
    firstEventSeen = true
    stats.handled++
    const { event: name, message } = parsed
    log('←', message.type, message)
    if (stopping) {
      post(frameError(name, message.id, { message: FRAME_ERRORS.reloading }))
      return
    }
    const handler = handlers[name] as (payload: unknown, id: string) => Promise<unknown>
    handler(message.payload, message.id).then(
      (result) => {
        stats.answered++
        post(frameSuccess(name, message.id, result as never))
      },
      (error: unknown) => {
        stats.answered++
        const payload =
          error instanceof FrameFailure
            ? error.toPayload()
            : { message: FRAME_ERRORS.default, data: { reason: String(error) } }
        post(frameError(name, message.id, payload))
      },
    )
  }
  window.addEventListener('message', onMessage)

  void (async () => {
    let remembered: StoredSession | undefined
    try {
      remembered = await user.open()
    } catch (error) {
      fail(`The frame cannot use its storage: ${String(error)}`)
      return
    }
    ready = true
    status.textContent = remembered ? `Remembered: ${remembered.email}` : 'Not signed in'
    for (const event of queued.splice(0)) onMessage(event)

    // READY until the app's first event shows it listens; then a heartbeat every 5 s.
    const announce = () => post(frameNotice('READY', { version: config.version, chainId }))
    announce()
    let repeats = Math.floor(FRAME_TIMINGS.iframeLoadTimeoutMs / FRAME_TIMINGS.frameReadyIntervalMs)
    const readyTimer = setInterval(() => {
      if (firstEventSeen || --repeats <= 0) clearInterval(readyTimer)
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
