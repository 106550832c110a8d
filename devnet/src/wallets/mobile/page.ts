import type { IncomingMessage, ServerResponse } from 'node:http'
import { send } from '../../kernel/http.js'
import { CARD_STYLES, htmlPage, pageCsp } from '../../kernel/page.js'
import { htmlReply, scriptReply } from '../../kernel/reply.js'
import { mobileWalletBundle } from './bundle.js'
import {
  CONFIG_ELEMENT_ID,
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PATH,
  type MobileWalletConfig,
} from './config.js'

const STYLES = `
main { max-width: 440px; }
.card + .card { margin-top: 10px; }
.warning { color: #c92a2a; font-weight: 600; }
form { display: grid; gap: 8px; }
.actions { display: flex; gap: 8px; justify-content: flex-end; align-items: center; margin-top: 10px; }
.actions select { width: auto; flex: 1; min-width: 0; }
.from, .method { margin: 0; font-size: 13px; color: #495057; overflow-wrap: anywhere; }
#status { margin: 0; color: #495057; }
#error { margin: 0; color: #c92a2a; font-weight: 600; overflow-wrap: anywhere; }
ol { margin: 0; padding-left: 18px; font-size: 12px; color: #495057; overflow-wrap: anywhere; }
`

/** The page: static markup only; the script fills it in. */
export function mobileWalletHtml(config: MobileWalletConfig): string {
  return htmlPage({
    title: MOBILE_WALLET_NAME,
    styles: `${CARD_STYLES}${STYLES}`,
    config: { id: CONFIG_ELEMENT_ID, value: config },
    script: `${MOBILE_WALLET_PATH}/app.js`,
    body: `<main>
  <h1>${MOBILE_WALLET_NAME}</h1>
  <p id="status" role="status">Loading…</p>
  <p id="error" role="alert" hidden></p>
  <section aria-labelledby="account-title">
    <h2 id="account-title">Wallet</h2>
    <label for="account">Account</label>
    <select id="account" disabled></select>
  </section>
  <section aria-labelledby="pair-title">
    <h2 id="pair-title">Connect to an app</h2>
    <form id="pair">
      <label for="uri">Pairing URI</label>
      <input id="uri" name="uri" type="text" autocomplete="off" spellcheck="false" placeholder="wc:…" disabled>
      <button id="pair-button" type="submit" class="primary" disabled>Connect</button>
    </form>
  </section>
  <section id="proposal" aria-labelledby="proposal-title" hidden>
    <h2 id="proposal-title">Connection request</h2>
    <dl id="proposal-details"></dl>
    <pre id="proposal-message" aria-label="Sign-in message" hidden></pre>
    <div class="actions">
      <button id="proposal-reject" type="button">Reject</button>
      <button id="proposal-approve" type="button" class="approve">Approve</button>
    </div>
  </section>
  <section id="auth-request" aria-labelledby="auth-title" hidden>
    <h2 id="auth-title">Sign-in request</h2>
    <dl id="auth-details"></dl>
    <pre id="auth-message" aria-label="Sign-in message"></pre>
    <div class="actions">
      <button id="auth-reject" type="button">Reject</button>
      <button id="auth-approve" type="button" class="approve">Approve</button>
    </div>
  </section>
  <section aria-labelledby="requests-title">
    <h2 id="requests-title">Requests</h2>
    <p id="no-requests">No requests</p>
    <div id="request-list"></div>
  </section>
  <section aria-labelledby="sessions-title">
    <h2 id="sessions-title">Connected apps</h2>
    <div id="session-list"></div>
  </section>
  <section aria-labelledby="activity-title">
    <h2 id="activity-title">Activity</h2>
    <ol id="activity-list"></ol>
  </section>
</main>`,
  })
}

/** What the page may connect to: the relay and the chains, nothing else. */
function contentSecurityPolicy(config: MobileWalletConfig): string {
  const origins = new Set<string>()
  origins.add(config.relayUrl.replace(/\/+$/, ''))
  for (const chain of config.chains) origins.add(new URL(chain.rpcUrl).origin)
  return pageCsp({ img: 'data:', connect: [...origins] })
}

/**
 * Answers the page's routes: `/mobile-wallet` and `/mobile-wallet/wc` (the web link the SDK
 * builds: `${webapp_link}/wc?uri=…`), both the same page reading `?uri=`, and
 * `/mobile-wallet/app.js`. Returns false for any other path.
 */
export function createMobileWalletHandler(config: () => MobileWalletConfig) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { pathname } = new URL(req.url ?? '/', 'http://devnet.invalid')
    const path = pathname.replace(/\/+$/, '')
    if (path !== MOBILE_WALLET_PATH && !path.startsWith(`${MOBILE_WALLET_PATH}/`)) return false
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('GET only\n')
      return true
    }
    const head = req.method === 'HEAD'
    if (path === MOBILE_WALLET_PATH || path === `${MOBILE_WALLET_PATH}/wc`) {
      const current = config()
      send(res, htmlReply(mobileWalletHtml(current), contentSecurityPolicy(current)), head)
      return true
    }
    if (path === `${MOBILE_WALLET_PATH}/app.js`) {
      mobileWalletBundle().then(
        (bundle) => send(res, scriptReply(bundle.code), head),
        (error: unknown) => {
          const message = `mobile wallet bundle failed: ${error instanceof Error ? error.message : String(error)}\n`
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
          res.end(message)
        },
      )
      return true
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`no page ${pathname}\n`)
    return true
  }
}
