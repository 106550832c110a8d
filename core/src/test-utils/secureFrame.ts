import type { FrameHost, FrameMessageEvent, FramePlacement, FrameWindow } from '../auth/frame.js'
import {
  type AppEventName,
  type AppMessage,
  type AppPayloads,
  FRAME_ERRORS,
  type FramedUser,
  type FrameErrorPayload,
  frameError,
  frameNotice,
  frameSuccess,
  parseAppMessage,
  rpcMethodClass,
  type SuccessPayloads,
} from '../auth/protocol.js'

/** The secure site's origin in unit tests. */
export const SECURE_ORIGIN = 'https://secure.test'
export const EMBEDDED_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' as const
export const TX_HASH = `0x${'ab'.repeat(32)}` as const
export const GOOD_CODE = '123456'

/** What a handler throws to answer `_ERROR`. */
export class FakeFrameError extends Error {
  constructor(readonly payload: FrameErrorPayload) {
    super(payload.message)
  }
}
export const frameFailure = (message: string, code?: number, data?: unknown) =>
  new FakeFrameError({
    message,
    ...(code === undefined ? {} : { code }),
    ...(data ? { data } : {}),
  })

type Handler<E extends AppEventName> = (
  payload: AppPayloads[E],
  id: string,
) => SuccessPayloads[E] | Promise<SuccessPayloads[E]> | 'never'

type Approval = { id: string; method: string; decide(approved: boolean): void }

/**
 * A stand-in for the secure site's frame at the edge of the world, in memory: it checks every
 * message the SDK posts with the protocol's own validator, answers like the frame (a small model
 * of a user, a login, a code, a device approval, an approval UI), and lets a test change any
 * answer, hold it, or post what a hostile page would. The browser tests use the real one.
 */
export function createFakeSecureFrame({
  chainId: startChainId = 31337,
  signedIn = false,
  knownDevice = true,
  autoReady = true,
}: {
  chainId?: number
  signedIn?: boolean
  knownDevice?: boolean
  autoReady?: boolean
} = {}) {
  const listeners = new Set<(event: FrameMessageEvent) => void>()
  const received: AppMessage[] = []
  const refused: unknown[] = []
  const posts: { message: unknown; targetOrigin: string }[] = []
  const mounts: string[] = []
  const placements: (FramePlacement | undefined)[] = []
  const approvals: Approval[] = []
  const state = {
    chainId: startChainId,
    signedIn,
    knownDevice,
    deviceApproved: false,
    email: 'ada@example.com',
    pendingLogin: undefined as string | undefined,
    triesLeft: 3,
    removed: 0,
    visible: true,
    autoReady,
    /** Sends HEARTBEAT every 5 s while mounted. */
    heartbeat: true,
    update: undefined as string | undefined,
  }

  const user = (): FramedUser => ({
    email: state.email,
    address: EMBEDDED_ADDRESS,
    chainId: state.chainId,
    accounts: [{ address: EMBEDDED_ADDRESS, type: 'eoa' }],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  const requireUser = () => {
    if (!state.signedIn) throw frameFailure(FRAME_ERRORS.notSignedIn)
    return user()
  }
  const checkCode = (otp: string) => {
    if (otp === GOOD_CODE) return
    state.triesLeft -= 1
    throw frameFailure(FRAME_ERRORS.invalidCode, undefined, { triesLeft: state.triesLeft })
  }

  const defaults: { [E in AppEventName]?: Handler<E> } = {
    SWITCH_NETWORK({ chainId }) {
      if (chainId !== 31337 && chainId !== 31338) throw frameFailure(FRAME_ERRORS.unsupportedChain)
      state.chainId = chainId as number
      return { chainId: state.chainId }
    },
    CONNECT_EMAIL({ email }) {
      if (state.signedIn && email.toLowerCase() === state.email) return { action: 'CONNECT' }
      state.pendingLogin = email.toLowerCase()
      return { action: state.knownDevice ? 'VERIFY_OTP' : 'VERIFY_DEVICE' }
    },
    CONNECT_DEVICE() {
      if (!state.pendingLogin) throw frameFailure(FRAME_ERRORS.noLoginInProgress)
      if (!state.deviceApproved) throw frameFailure(FRAME_ERRORS.deviceNotApproved)
      state.knownDevice = true
      return { action: 'VERIFY_OTP' }
    },
    CONNECT_OTP({ otp }) {
      if (!state.pendingLogin) throw frameFailure(FRAME_ERRORS.noLoginInProgress)
      checkCode(otp)
      state.email = state.pendingLogin
      state.pendingLogin = undefined
      state.signedIn = true
      return { user: user() }
    },
    GET_USER: () => ({ user: requireUser() }),
    SIGN_OUT() {
      state.signedIn = false
      for (const approval of approvals.splice(0)) approval.decide(false)
      return {}
    },
    IS_CONNECTED: () => ({ isConnected: state.signedIn }),
    GET_CHAIN_ID: () => ({ chainId: state.chainId }),
    RPC_REQUEST({ method }, id) {
      const kind = rpcMethodClass(method)
      if (kind === 'refused') throw frameFailure(FRAME_ERRORS.rpcNotAllowed, 4200)
      if (kind === 'safe') {
        if (method === 'eth_accounts') return { result: state.signedIn ? [EMBEDDED_ADDRESS] : [] }
        return { result: '0x1' }
      }
      if (!state.signedIn || method === 'wallet_grantPermissions') {
        throw frameFailure(FRAME_ERRORS.actionNotAllowed, 4100)
      }
      return new Promise((resolve, reject) => {
        const approval: Approval = {
          id,
          method,
          decide(approved) {
            const index = approvals.indexOf(approval)
            if (index !== -1) approvals.splice(index, 1)
            post(frameNotice('APPROVAL_CLOSED', { requestId: id, approved }))
            if (!approved) reject(frameFailure(FRAME_ERRORS.userRejected, 4001))
            else resolve({ result: method === 'wallet_sendCalls' ? { id: TX_HASH } : TX_HASH })
            const next = approvals[0]
            if (next)
              post(frameNotice('APPROVAL_OPEN', { requestId: next.id, method: next.method }))
          },
        }
        approvals.push(approval)
        if (approvals.length === 1) post(frameNotice('APPROVAL_OPEN', { requestId: id, method }))
      })
    },
    UPDATE_EMAIL({ email }) {
      requireUser()
      if (email.toLowerCase() === state.email) throw frameFailure(FRAME_ERRORS.sameEmail)
      state.update = email.toLowerCase()
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      requireUser()
      checkCode(otp)
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      requireUser()
      checkCode(otp)
      if (!state.update) throw frameFailure(FRAME_ERRORS.noUpdateInProgress)
      state.email = state.update
      return { email: state.email }
    },
    SYNC_THEME: () => ({}),
    SYNC_DAPP_DATA: () => ({}),
    RELOAD() {
      for (const approval of approvals.splice(0)) {
        post(frameNotice('APPROVAL_CLOSED', { requestId: approval.id, approved: false }))
      }
      // The page reloads after the answer, then says READY again.
      setTimeout(() => post(frameNotice('READY', { version: 4, chainId: state.chainId })), 10)
      return {}
    },
  }
  const handlers: { [E in AppEventName]?: Handler<E> } = { ...defaults }

  /** Posts `data` to the page as the frame would, or as `source` and `origin` say. */
  function post(
    data: unknown,
    { origin = SECURE_ORIGIN, source = frameWindow as unknown } = {},
  ): void {
    for (const listener of [...listeners]) listener({ data, origin, source })
  }

  async function respond(message: AppMessage) {
    const event = message.type.slice('@portico-app/'.length) as AppEventName
    const handler = handlers[event] as Handler<AppEventName> | undefined
    if (!handler) return
    try {
      const payload = await handler(message.payload as never, message.id)
      if (payload === 'never') return
      post(frameSuccess(event, message.id, payload as never))
    } catch (error) {
      post(
        frameError(
          event,
          message.id,
          error instanceof FakeFrameError ? error.payload : { message: FRAME_ERRORS.default },
        ),
      )
    }
  }

  const frameWindow: FrameWindow = {
    postMessage(message, targetOrigin) {
      posts.push({ message, targetOrigin })
      if (targetOrigin !== SECURE_ORIGIN) return
      const parsed = parseAppMessage(structuredClone(message))
      if (!parsed.ok) {
        refused.push(message)
        return
      }
      received.push(parsed.message)
      queueMicrotask(() => void respond(parsed.message))
    },
  }

  const ready = () => post(frameNotice('READY', { version: 4, chainId: state.chainId }))
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let sequence = 0

  const host: FrameHost = {
    mount(src) {
      mounts.push(src)
      if (state.autoReady) {
        queueMicrotask(ready)
        // Alive: a heartbeat every 5 s, like the secure site's frame.
        clearInterval(heartbeat)
        heartbeat = setInterval(() => {
          if (state.heartbeat) post(frameNotice('HEARTBEAT', { sequence: sequence++ }))
        }, 5_000)
      }
      return {
        window: frameWindow,
        place: (placement) => placements.push(placement),
        remove: () => {
          clearInterval(heartbeat)
          state.removed += 1
        },
      }
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isVisible: () => state.visible,
  }

  return {
    host,
    frameWindow,
    state,
    handlers,
    received,
    refused,
    posts,
    mounts,
    placements,
    approvals,
    post,
    ready,
    /** The app events of one kind the frame received, oldest first. */
    events<E extends AppEventName>(event: E): AppPayloads[E][] {
      return received
        .filter((m) => m.type === `@portico-app/${event}`)
        .map((m) => m.payload as AppPayloads[E])
    },
    listenerCount: () => listeners.size,
  }
}

export type FakeSecureFrame = ReturnType<typeof createFakeSecureFrame>
