import { CARD_STYLES, escapeHtml, htmlPage } from '../../kernel/page.js'
import type { InboxMessage } from '../mail/mail.js'
import { FRAME_PALETTES } from './frame/contrast.js'

/** What the frame script reads from its page (a JSON script element). */
export type FrameConfig = {
  projectId: string
  chainId: number
  enableLogger: boolean
  version: number
  chains: { chainId: number; name: string; rpcUrl: string }[]
  /** The project's allowed origins (`*` wildcards): the only parents the frame talks to. */
  allowedOrigins: string[]
}

export const FRAME_CONFIG_ELEMENT_ID = 'portico-secure-config'
export const FRAME_SCRIPT_PATH = '/sdk/frame.js'

const palette = (mode: 'light' | 'dark') =>
  Object.entries(FRAME_PALETTES[mode])
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ')

// The frame reads its colours from --portico-* variables; SYNC_THEME sets them and the mode
// (only colours that keep the approval readable, see frame/contrast.ts). The approval fills the
// frame: its details scroll, its buttons stay in view, so the whole of it can be watched for
// visibility (frame/visibility.ts) and a frame cut down to the buttons is seen as cut.
const FRAME_STYLES = `
:root { ${palette('dark')} color-scheme: dark; }
:root[data-theme="light"] { ${palette('light')} color-scheme: light; }
html, body { margin: 0; height: 100%; }
body { background: var(--portico-background); color: var(--portico-foreground); }
main { padding: 12px; display: flex; flex-direction: column; gap: 12px; box-sizing: border-box; height: 100%; }
#approval { display: flex; flex-direction: column; gap: 8px; min-height: 0; flex: 1; }
#approval[hidden] { display: none; }
#approval-scroll { overflow: auto; min-height: 0; flex: 1; }
#approval-body { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 12em; overflow: auto; }
#approval-warnings { margin: 0 0 8px; padding: 4px 8px 4px 24px; color: inherit; font-weight: 600; border-left: 4px solid #e03131; }
h1 { font-size: 18px; margin: 0; }
.meta, #frame-status { margin: 0; color: var(--portico-muted); font-size: 13px; overflow-wrap: anywhere; }
dt { color: var(--portico-muted); }
pre { background: var(--portico-surface); color: inherit; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
.actions button { border: 1px solid var(--portico-border); background: var(--portico-surface); color: inherit; }
.actions button.approve { background: var(--portico-accent); border-color: var(--portico-accent); color: #fff; }
#frame-error { margin: 0; color: #ff6b6b; font-weight: 600; overflow-wrap: anywhere; }
`

/** The frame page: static markup; the script fills it in and drives the protocol. */
export function frameHtml(config: FrameConfig): string {
  return htmlPage({
    title: 'Portico secure frame',
    rootAttributes: 'data-theme="dark"',
    styles: FRAME_STYLES,
    config: { id: FRAME_CONFIG_ELEMENT_ID, value: config },
    script: FRAME_SCRIPT_PATH,
    body: `<main>
  <p id="frame-status" role="status">Loading…</p>
  <p id="frame-error" role="alert" hidden></p>
  <section id="approval" aria-labelledby="approval-title" hidden>
    <h1 id="approval-title"></h1>
    <p class="meta" id="approval-app"></p>
    <p class="meta" id="approval-name" hidden></p>
    <div id="approval-scroll" tabindex="0" aria-label="Request details">
      <ul id="approval-warnings" aria-label="Warnings" hidden></ul>
      <dl id="approval-details"></dl>
      <pre id="approval-body" tabindex="0" aria-label="Data to sign" hidden></pre>
    </div>
    <p class="meta" id="approval-queue" hidden></p>
    <p class="meta" id="approval-arming" role="status" hidden></p>
    <div class="actions">
      <button type="button" id="approval-reject">Reject</button>
      <button type="button" id="approval-approve" class="approve">Approve</button>
    </div>
  </section>
</main>`,
  })
}

const PAGE_STYLES = `${CARD_STYLES}
main { max-width: 760px; }
h1 { font-size: 22px; }
h2 { font-size: 17px; margin: 0 0 6px; }
pre { max-height: none; }
ul { margin: 0; padding-left: 20px; }
a { color: #1c4ed8; }
button { background: #2f9e44; border: 1px solid #2b8a3e; color: #fff; }
.meta { margin: 0; color: #495057; font-size: 13px; overflow-wrap: anywhere; }
`

function page(title: string, body: string): string {
  return htmlPage({ title, styles: PAGE_STYLES, body: `<main>\n${body}\n</main>` })
}

/**
 * The Devnet Inbox: every address that got mail, and the messages of the chosen one (or all),
 * newest first. Everything that came in a message is escaped text; links in a body are listed
 * as links only when they point at this secure site.
 */
export function inboxHtml(options: {
  addresses: string[]
  selected: string | undefined
  messages: InboxMessage[]
  siteOrigin: string
}): string {
  const { addresses, selected, messages, siteOrigin } = options
  const addressList =
    addresses.length === 0
      ? '<p>No mail yet.</p>'
      : `<ul>${addresses
          .map(
            (address) =>
              `<li><a href="/inbox?address=${encodeURIComponent(address)}"${
                address === selected ? ' aria-current="page"' : ''
              }>${escapeHtml(address)}</a></li>`,
          )
          .join('')}</ul>${selected ? '<p><a href="/inbox">All messages</a></p>' : ''}`

  const articles = messages.map((message, index) => {
    const id = `message-${escapeHtml(message.id)}`
    const links = [...message.text.matchAll(/https?:\/\/[^\s<>"']+/g)]
      .map((m) => m[0])
      .filter((link) => {
        try {
          return new URL(link).origin === siteOrigin
        } catch {
          return false
        }
      })
    return `<article aria-labelledby="${id}">
  <h3 id="${id}">${escapeHtml(message.subject || '(no subject)')}</h3>
  <dl>
    <dt>From</dt><dd>${escapeHtml(message.from)}</dd>
    <dt>To</dt><dd>${escapeHtml(message.to.join(', '))}</dd>
    <dt>Received</dt><dd><time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(message.receivedAt)}</time></dd>
  </dl>
  <pre>${escapeHtml(message.text)}</pre>
  ${
    links.length > 0
      ? `<ul aria-label="Links in message ${index + 1}">${links
          .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
          .join('')}</ul>`
      : ''
  }
</article>`
  })

  return page(
    'Devnet Inbox',
    `<h1>Devnet Inbox</h1>
<p class="meta">Mail the devnet sent (device links and codes for email login). It never leaves this machine.</p>
<section aria-labelledby="addresses-title">
  <h2 id="addresses-title">Addresses</h2>
  ${addressList}
</section>
<section aria-labelledby="messages-title">
  <h2 id="messages-title">${selected ? `Messages to ${escapeHtml(selected)}` : 'All messages'}</h2>
  ${articles.length === 0 ? '<p>No messages.</p>' : articles.join('\n')}
</section>`,
  )
}

/** The page a device link opens: what asks, and a button to approve it. */
export function deviceApprovalHtml(options: {
  token: string
  email: string
  userAgent: string
  approved: boolean
}): string {
  if (options.approved) return deviceApprovedHtml(options.email)
  return page(
    'Approve this device',
    `<h1>Approve this device</h1>
<section aria-labelledby="device-title">
  <h2 id="device-title">Sign-in request</h2>
  <dl>
    <dt>Email</dt><dd>${escapeHtml(options.email)}</dd>
    <dt>Browser</dt><dd>${escapeHtml(options.userAgent || 'unknown')}</dd>
  </dl>
  <form method="post" action="/device">
    <input type="hidden" name="token" value="${escapeHtml(options.token)}">
    <p><button type="submit">Approve device</button></p>
  </form>
</section>`,
  )
}

export function deviceApprovedHtml(email: string): string {
  return page(
    'Device approved',
    `<h1>Device approved</h1>
<p role="status">The device can now sign in as ${escapeHtml(email)}. Go back to the app and enter the code we sent.</p>`,
  )
}

export function linkInvalidHtml(): string {
  return page(
    'Link not valid',
    `<h1>Link not valid</h1>
<p role="alert">This device link has expired, was replaced by a newer one, or was never sent. Start the email login again in the app.</p>`,
  )
}

export function indexHtml(): string {
  return page(
    'Portico devnet secure site',
    `<h1>Portico devnet secure site</h1>
<p>This site runs the embedded wallet's frame (<code>/sdk</code>) for apps on the devnet, keeps its users' keys, and sends login mail.</p>
<ul><li><a href="/inbox">Devnet Inbox</a></li></ul>`,
  )
}
