import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  FRAME_TIMINGS,
  parseChainId,
  SECURE_FRAME_PATH,
  SECURE_SDK_VERSION,
} from '@portico/core/internal'
import { readBody, send, serveHttp } from '../../kernel/http.js'
import { refuseHttp } from '../../kernel/loopback.js'
import { pageCsp } from '../../kernel/page.js'
import { HttpError, htmlReply, type Reply, scriptReply } from '../../kernel/reply.js'
import type { MailService } from '../mail/mail.js'
import { secureFrameBundle } from './bundle.js'
import { frameAncestors } from './csp.js'
import { type Custody, CustodyError, createCustody } from './custody.js'
import {
  deviceApprovalHtml,
  deviceApprovedHtml,
  FRAME_SCRIPT_PATH,
  type FrameConfig,
  frameHtml,
  inboxHtml,
  indexHtml,
  linkInvalidHtml,
} from './pages.js'

type SecureSiteChain = { chainId: number; name: string; rpcUrl: string }

export type SecureSiteOptions = {
  host: string
  port: number
  /** Every chain the frame can be on (the first is the default); the frame talks to their RPCs. */
  chains: readonly SecureSiteChain[]
  /** The project's allowed origins (`*` wildcards), the same list `/projects/v1/origins` gives. */
  allowedOrigins: readonly string[]
  mail: MailService
  /** Funds a new embedded account (see faucet.ts). */
  fund?: (address: `0x${string}`) => Promise<unknown>
  log?: (line: string) => void
}

export type SecureSite = {
  /** `http://127.0.0.1:8789` by default. */
  url: string
  port: number
  custody: Custody
  close(): Promise<void>
}

const MAX_BODY_BYTES = 100_000
// The site's own pages post their forms to it and run no script.
const HTML_CSP = pageCsp({ script: false, formAction: "'self'" })

type Answer = Omit<Reply, 'json'>

const json = (value: unknown, status = 200): Answer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(value),
  headers: { 'Cache-Control': 'no-store' },
})
const error = (status: number, message: string, details: Record<string, unknown> = {}) =>
  json({ error: message, ...details }, status)
const html = (body: string, status = 200, csp = HTML_CSP): Answer => htmlReply(body, csp, status)
const text = (status: number, body: string): Answer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body: `${body}\n`,
})

/**
 * The secure site: the frame page apps embed (`/sdk`), its script, the JSON API only the frame
 * calls (same origin), the device approval page, and the Devnet Inbox. It listens on the same
 * host name as the apps (127.0.0.1) but another port, so the frame is cross-origin yet
 * same-site: browsers that block third-party storage still give it IndexedDB.
 */
export async function startSecureSite(options: SecureSiteOptions): Promise<SecureSite> {
  const { directive: ancestors, skipped } = frameAncestors(options.allowedOrigins)
  for (const pattern of skipped) {
    options.log?.(`secure site: allowed origin ${pattern} cannot be written in CSP; not framable`)
  }
  const defaultChain = options.chains[0]
  if (!defaultChain) throw new Error('the secure site needs at least one chain')
  let siteUrl = ''
  const custody = createCustody({
    send: options.mail.send,
    deviceLink: (token) => `${siteUrl}/device?token=${encodeURIComponent(token)}`,
    ...(options.fund ? { fund: async (address) => void (await options.fund?.(address)) } : {}),
    ...(options.log ? { log: options.log } : {}),
  })
  const rpcOrigins = [...new Set(options.chains.map((c) => new URL(c.rpcUrl).origin))]
  const frameCsp = pageCsp({ img: 'data:', connect: rpcOrigins, frameAncestors: ancestors })

  const server = createServer((req, res) => {
    // A rebound DNS name is refused before anything else: it would be same-origin with the site.
    if (refuseHttp(req, res, 'any')) return
    handle(req, res).then(
      (answer) => {
        if (answer) send(res, answer, req.method === 'HEAD')
      },
      (failure: unknown) => {
        options.log?.(`secure site ${req.method} ${req.url} failed: ${String(failure)}`)
        if (!res.headersSent) send(res, error(500, String(failure)), false)
        else res.destroy()
      },
    )
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<Answer | undefined> {
    const url = new URL(req.url ?? '/', 'http://secure.invalid')
    const path = url.pathname.replace(/\/+$/, '') || '/'
    const method = req.method ?? 'GET'
    const read = method === 'GET' || method === 'HEAD'

    if (path === '/' && read) return html(indexHtml())
    if (path === SECURE_FRAME_PATH && read) return framePage(url.searchParams)
    if (path === FRAME_SCRIPT_PATH && read) {
      return scriptReply((await secureFrameBundle()).code)
    }
    if (path === '/inbox' && read) {
      const selected = url.searchParams.get('address')?.trim().toLowerCase() || undefined
      return html(
        inboxHtml({
          addresses: options.mail.addresses(),
          selected,
          messages: options.mail.list(selected),
          siteOrigin: new URL(siteUrl).origin,
        }),
      )
    }
    if (path === '/device' && read) {
      const token = url.searchParams.get('token') ?? ''
      const approval = custody.describeApproval(token)
      if (!approval) return html(linkInvalidHtml(), 400)
      return html(deviceApprovalHtml({ token, ...approval }))
    }
    if (path === '/device' && method === 'POST') {
      const form = new URLSearchParams(await readBody(req, MAX_BODY_BYTES))
      const approved = custody.approveDevice(form.get('token') ?? '')
      return approved ? html(deviceApprovedHtml(approved.email)) : html(linkInvalidHtml(), 400)
    }

    // Test and tooling route: the caught mail as JSON.
    if (path === '/api/inbox') {
      if (method === 'GET') {
        return json({ messages: options.mail.list(url.searchParams.get('address') ?? undefined) })
      }
      if (method === 'DELETE') {
        options.mail.clear()
        return json({})
      }
      return error(405, `${method} not allowed on ${path}`)
    }

    if (path.startsWith('/api/')) return api(req, res, path, method)
    if (!read && ['/', SECURE_FRAME_PATH, '/inbox', '/device'].includes(path)) {
      return error(405, `${method} not allowed on ${path}`)
    }
    return error(404, `no route ${url.pathname}`)
  }

  function framePage(query: URLSearchParams): Answer {
    const projectId = query.get('projectId') ?? ''
    if (projectId.length === 0 || projectId.length > 200) return text(400, 'missing projectId')
    const version = query.get('version')
    if (version !== String(SECURE_SDK_VERSION)) {
      return text(
        400,
        `unsupported version ${version ?? '(none)'}: this site speaks ${SECURE_SDK_VERSION}`,
      )
    }
    const chainParam = query.get('chainId')
    let chainId = defaultChain?.chainId as number
    if (chainParam !== null && chainParam !== '') {
      const parsed = /^[0-9]+$/.test(chainParam)
        ? parseChainId(Number(chainParam))
        : parseChainId(chainParam)
      if (parsed === undefined || !options.chains.some((c) => c.chainId === parsed)) {
        return text(400, `unsupported chainId ${chainParam}`)
      }
      chainId = parsed
    }
    const logger = query.get('enableLogger')
    const config: FrameConfig = {
      projectId,
      chainId,
      enableLogger: logger === 'true' || logger === '1',
      version: SECURE_SDK_VERSION,
      chains: options.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
      allowedOrigins: [...options.allowedOrigins],
    }
    const answer = html(frameHtml(config), 200, frameCsp)
    answer.headers = { ...answer.headers, 'X-Content-Type-Options': 'nosniff' }
    return answer
  }

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    method: string,
  ): Promise<Answer> {
    // Only the frame (this origin) may call these: another page's request is refused, so a
    // site cannot drive logins or read a user through the visitor's browser.
    const origin = req.headers.origin
    const host = req.headers.host ?? ''
    if (origin !== undefined && origin !== `http://${host}`) {
      return error(403, 'cross-origin request refused')
    }
    const fetchSite = req.headers['sec-fetch-site']
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      return error(403, 'cross-site request refused')
    }
    const token = bearer(req)
    const controller = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    try {
      const body = method === 'POST' ? await readJson(req) : {}
      const route = `${method} ${path}`
      switch (route) {
        case 'POST /api/login/email':
          return json(
            await custody.startLogin({
              email: body.email,
              deviceId: body.deviceId,
              userAgent: req.headers['user-agent'] ?? '',
            }),
          )
        case 'POST /api/login/device':
          return json(
            await custody.waitForDevice(
              { email: body.email, deviceId: body.deviceId },
              FRAME_TIMINGS.deviceWaitMs,
              controller.signal,
            ),
          )
        case 'POST /api/login/otp':
          return json(
            custody.verifyLogin({ email: body.email, deviceId: body.deviceId, otp: body.otp }),
          )
        case 'POST /api/account/key':
          return json(await custody.escrowKey(token, body.privateKey))
        case 'GET /api/session':
          return json(custody.currentUser(token))
        case 'DELETE /api/session':
          custody.signOut(token)
          return json({})
        case 'POST /api/email/update':
          return json(await custody.startEmailUpdate(token, body.email))
        case 'POST /api/email/update/primary':
          return json(await custody.confirmEmailUpdatePrimary(token, body.otp))
        case 'POST /api/email/update/secondary':
          return json(custody.confirmEmailUpdateSecondary(token, body.otp))
        default:
          return error(404, `no route ${method} ${path}`)
      }
    } catch (failure) {
      if (failure instanceof CustodyError) {
        return error(failure.status, failure.message, failure.details)
      }
      if (failure instanceof HttpError) return error(failure.status, failure.message)
      throw failure
    }
  }

  const listening = await serveHttp(server, { name: 'secure site', ...options })
  siteUrl = listening.url

  return {
    url: siteUrl,
    port: listening.port,
    custody,
    close() {
      custody.close()
      return listening.close()
    },
  }
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  const match = header ? /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header) : null
  return match?.[1]
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json')
  }
  const raw = await readBody(req, MAX_BODY_BYTES)
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new HttpError(400, 'invalid JSON body')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, 'the body must be a JSON object')
  }
  return parsed as Record<string, unknown>
}
