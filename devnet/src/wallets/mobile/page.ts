import type { IncomingMessage, ServerResponse } from 'node:http'
import { mobileWalletBundle } from './bundle.js'
import {
  CONFIG_ELEMENT_ID,
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PATH,
  type MobileWalletConfig,
} from './config.js'

const STYLES = `
* { box-sizing: border-box; }
body { margin: 0; background: #f1f3f5; color: #1a1b1e; font: 15px/1.45 system-ui, sans-serif; }
main { max-width: 440px; margin: 0 auto; padding: 16px; display: grid; grid-template-columns: minmax(0, 1fr); gap: 14px; }
h1 { font-size: 20px; margin: 4px 0 0; }
h2 { font-size: 16px; margin: 0 0 8px; }
h3 { font-size: 15px; margin: 0 0 6px; }
section, .card { background: #fff; border: 1px solid #dee2e6; border-radius: 12px; padding: 14px; }
.card + .card { margin-top: 10px; }
section[hidden], p[hidden], pre[hidden] { display: none; }
.warning { color: #c92a2a; font-weight: 600; }
label { display: block; font-weight: 600; font-size: 13px; margin-bottom: 4px; }
input, select { font: inherit; width: 100%; padding: 8px; border: 1px solid #ced4da; border-radius: 8px; background: #fff; color: inherit; }
form { display: grid; gap: 8px; }
button { font: 600 14px/1 system-ui, sans-serif; padding: 10px 16px; border-radius: 8px; cursor: pointer; border: 1px solid #ced4da; background: #fff; color: #1a1b1e; }
button:disabled { opacity: 0.5; cursor: default; }
button.primary, button.approve { background: #2f9e44; border-color: #2b8a3e; color: #fff; }
button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #91a7ff; outline-offset: 2px; }
.actions { display: flex; gap: 8px; justify-content: flex-end; align-items: center; margin-top: 10px; }
.actions select { width: auto; flex: 1; min-width: 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; margin: 0; font-size: 14px; }
dt { font-weight: 600; color: #495057; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 8px 0 0; padding: 8px; max-height: 260px; overflow: auto; background: #f1f3f5; border-radius: 6px; font: 12px/1.45 ui-monospace, monospace; }
.from, .method { margin: 0; font-size: 13px; color: #495057; overflow-wrap: anywhere; }
#status { margin: 0; color: #495057; }
#error { margin: 0; color: #c92a2a; font-weight: 600; overflow-wrap: anywhere; }
ol { margin: 0; padding-left: 18px; font-size: 12px; color: #495057; overflow-wrap: anywhere; }
`

/** JSON that is safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The page: static markup only; the script fills it in. */
export function mobileWalletHtml(config: MobileWalletConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${MOBILE_WALLET_NAME}</title>
<style>${STYLES}</style>
<script type="application/json" id="${CONFIG_ELEMENT_ID}">${scriptJson(config)}</script>
<script type="module" src="${MOBILE_WALLET_PATH}/app.js"></script>
</head>
<body>
<main>
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
</main>
</body>
</html>
`
}

/** What the page may connect to: the relay and the chains, nothing else. */
function contentSecurityPolicy(config: MobileWalletConfig): string {
  const origins = new Set<string>()
  origins.add(config.relayUrl.replace(/\/+$/, ''))
  for (const chain of config.chains) origins.add(new URL(chain.rpcUrl).origin)
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    `connect-src 'self' ${[...origins].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
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
    if (path === MOBILE_WALLET_PATH || path === `${MOBILE_WALLET_PATH}/wc`) {
      const current = config()
      const body = mobileWalletHtml(current)
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        'Content-Security-Policy': contentSecurityPolicy(current),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      })
      res.end(req.method === 'HEAD' ? undefined : body)
      return true
    }
    if (path === `${MOBILE_WALLET_PATH}/app.js`) {
      mobileWalletBundle().then(
        (bundle) => {
          res.writeHead(200, {
            'Content-Type': 'text/javascript; charset=utf-8',
            'Content-Length': Buffer.byteLength(bundle.code),
            'Cache-Control': 'no-cache',
            'X-Content-Type-Options': 'nosniff',
          })
          res.end(req.method === 'HEAD' ? undefined : bundle.code)
        },
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
