import { errorReply, htmlReply, json, type Reply, scriptReply } from '../../kernel/reply.js'
import type { Route, RouteContext } from '../../kernel/router.js'
import { originOfReferer, parseOrigin } from './card.js'
import { CHECKOUT_PATH, CHECKOUT_SCRIPT_PATH, MELD_ENTRY_PATH, SESSION_PATH } from './config.js'
import { type OnrampService, QuoteExpiredError } from './onramp.js'
import { CHECKOUT_CSP, checkoutBundle, checkoutHtml } from './page.js'
import { OnrampInputError } from './parse.js'
import { parseMeldQuery, parseOnrampUrlBody } from './sessionRequest.js'

/** On-ramp errors as answers: their status and `{ error }`, with `fields` or `session` if any. */
async function guarded(run: () => Reply | Promise<Reply>): Promise<Reply> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof OnrampInputError) {
      return json(
        error.fields ? { error: error.message, fields: error.fields } : { error: error.message },
        error.status,
      )
    }
    if (error instanceof QuoteExpiredError) {
      return json({ error: error.message, session: error.session }, 409)
    }
    throw error
  }
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * The on-ramp: the Blockchain API's options, quote and URL generator; the devnet's provider
 * checkout (a page, its script and the two calls it makes); the Meld-like entry point that an
 * SDK opens directly; and control routes to settle sessions left processing.
 */
export const onrampRoutes = (onramp: OnrampService): Route[] => {
  const page = (route: Omit<Route, 'kind'>): Route => ({ ...route, kind: 'page' })
  const control = (route: Omit<Route, 'kind'>): Route => ({ ...route, kind: 'control' })
  const checkoutUrl = (baseUrl: string, id: string) =>
    `${baseUrl}${CHECKOUT_PATH}/${encodeURIComponent(id)}`
  const sessionOr404 = (id: string | undefined) => {
    const session = id ? onramp.session(id) : undefined
    if (!session) throw new OnrampInputError(`no on-ramp session ${id}`, undefined, 404)
    return session
  }

  return [
    {
      method: 'GET',
      path: '/v1/onramp/options',
      handle: () => json(onramp.options()),
    },
    {
      method: 'POST',
      path: '/v1/onramp/quote',
      handle: ({ body }) => guarded(async () => json(await onramp.quote(body))),
    },
    {
      method: 'GET',
      path: '/v1/onramp/quote/:quoteId',
      handle({ params }) {
        const quote = onramp.getQuote(params.quoteId ?? '')
        return quote ? json(quote) : errorReply(404, 'unknown or expired quote')
      },
    },
    {
      method: 'POST',
      path: '/v1/generators/onrampurl',
      handle: ({ body, baseUrl, headers }: RouteContext) =>
        guarded(async () => {
          const request = parseOnrampUrlBody(body, onramp.catalog)
          const session = await onramp.openSession(request, parseOrigin(first(headers.origin)))
          return json({ url: checkoutUrl(baseUrl, session.id), sessionId: session.id })
        }),
    },

    page({
      method: 'GET',
      path: MELD_ENTRY_PATH,
      handle: ({ query, baseUrl, headers }) =>
        guarded(async () => {
          const request = parseMeldQuery(query, onramp.catalog)
          // A popup's navigation carries no Origin header; the Referer (by default the opener's
          // origin for a cross-origin request) names the app instead.
          const origin =
            parseOrigin(first(headers.origin)) ?? originOfReferer(first(headers.referer))
          const session = await onramp.openSession(request, origin)
          return {
            status: 303,
            contentType: 'text/plain; charset=utf-8',
            body: `See ${checkoutUrl(baseUrl, session.id)}\n`,
            headers: { Location: checkoutUrl(baseUrl, session.id), 'Cache-Control': 'no-store' },
          }
        }),
    }),
    page({
      method: 'GET',
      path: `${CHECKOUT_PATH}/:id`,
      handle: ({ params }) =>
        guarded(() => htmlReply(checkoutHtml(sessionOr404(params.id)), CHECKOUT_CSP)),
    }),
    page({
      method: 'GET',
      path: CHECKOUT_SCRIPT_PATH,
      async handle() {
        return scriptReply((await checkoutBundle()).code)
      },
    }),
    page({
      method: 'GET',
      path: `${SESSION_PATH}/:id`,
      handle: ({ params }) => guarded(() => json(sessionOr404(params.id))),
    }),
    page({
      method: 'POST',
      path: `${SESSION_PATH}/:id/quote`,
      handle: ({ params, body }) =>
        guarded(async () => json(await onramp.requote(params.id ?? '', body))),
    }),
    page({
      method: 'POST',
      path: `${SESSION_PATH}/:id/pay`,
      handle: ({ params, body }) =>
        guarded(async () => json(await onramp.pay(params.id ?? '', body))),
    }),

    control({
      method: 'GET',
      path: '/__devnet/onramp/sessions',
      handle: () => json({ sessions: onramp.sessions() }),
    }),
    control({
      method: 'GET',
      path: '/__devnet/onramp/sessions/:id',
      handle: ({ params }) => guarded(() => json(sessionOr404(params.id))),
    }),
    control({
      method: 'POST',
      path: '/__devnet/onramp/sessions/:id/complete',
      handle: ({ params }) => guarded(async () => json(await onramp.complete(params.id ?? ''))),
    }),
    control({
      method: 'POST',
      path: '/__devnet/onramp/sessions/:id/fail',
      handle: ({ params, body }) =>
        guarded(() => {
          const reason =
            typeof body === 'object' && body !== null
              ? (body as Record<string, unknown>).reason
              : undefined
          if (reason !== undefined && (typeof reason !== 'string' || reason.length > 200)) {
            throw new OnrampInputError('expected { reason?: string } (at most 200 characters)')
          }
          return json(onramp.fail(params.id ?? '', reason))
        }),
    }),
  ]
}
