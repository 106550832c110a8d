import { element, shortAddress } from '../dom.js'
import type { DevnetWalletCore } from './wallet.js'

export const WALLET_HOST_ID = 'portico-devnet-wallet'

/** The wallet window's stylesheet; the Devnet Bitcoin Wallet reuses it. */
export const WALLET_STYLES = `
:host { all: initial; }
* { box-sizing: border-box; }
.toggle {
  position: fixed; right: 16px; bottom: 16px; z-index: 2147483647;
  font: 600 13px/1 system-ui, sans-serif; padding: 9px 14px; border-radius: 999px;
  border: 1px solid #364fc7; background: #3b5bdb; color: #fff; cursor: pointer;
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.25);
}
.toggle:focus-visible, button:focus-visible, select:focus-visible { outline: 3px solid #91a7ff; outline-offset: 2px; }
.panel {
  position: fixed; top: 16px; right: 16px; z-index: 2147483647; width: 360px;
  max-height: calc(100vh - 32px); overflow: auto; padding: 16px;
  background: #fff; color: #1a1b1e; border: 1px solid #ced4da; border-radius: 12px;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3); font: 14px/1.45 system-ui, sans-serif;
}
.panel[hidden] { display: none; }
.header { display: flex; align-items: center; justify-content: space-between; margin-bottom: 12px; }
.header strong { font-size: 15px; }
.close { border: none; background: none; font-size: 20px; line-height: 1; cursor: pointer; color: #495057; }
label { display: grid; gap: 4px; font-weight: 600; margin-bottom: 10px; font-size: 13px; }
select { font: inherit; font-weight: 400; padding: 6px; border: 1px solid #ced4da; border-radius: 6px; background: #fff; color: inherit; }
.status { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-size: 13px; color: #495057; }
.request { border-top: 1px solid #e9ecef; margin-top: 12px; padding-top: 12px; }
.request[hidden] { display: none; }
h2 { font-size: 15px; margin: 0 0 4px; }
.queue { font-size: 12px; color: #868e96; margin: 0 0 8px; }
pre {
  white-space: pre-wrap; word-break: break-all; margin: 0 0 12px; padding: 8px; max-height: 260px;
  overflow: auto; background: #f1f3f5; border-radius: 6px; font: 12px/1.45 ui-monospace, monospace;
}
.actions { display: flex; gap: 8px; justify-content: flex-end; }
.actions button, .status button {
  font: 600 13px/1 system-ui, sans-serif; padding: 8px 14px; border-radius: 8px; cursor: pointer;
  border: 1px solid #ced4da; background: #fff; color: #1a1b1e;
}
.actions .approve { background: #2f9e44; border-color: #2b8a3e; color: #fff; }
`

// Events that would otherwise reach the page (through the host element) when the wallet's own
// controls are used. An extension popup is a separate window the page cannot observe; stopping
// them keeps, e.g., a modal's outside-click or Escape handling from reacting to the wallet.
export const ISOLATED_EVENTS = [
  'click',
  'dblclick',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'focusin',
  'focusout',
  'input',
  'change',
] as const

/**
 * The wallet's own window, drawn in a shadow root so page styles do not reach it: an always
 * present "Dev wallet" button that opens a panel with the Account and Network controls, and the
 * pending request with its "Approve" and "Reject" buttons. Request data is only ever set as
 * text. Returns a function that removes it.
 */
export function mountWalletUi(core: DevnetWalletCore, container: HTMLElement): () => void {
  const host = element('div', { id: WALLET_HOST_ID, 'data-testid': 'devnet-wallet' })
  const root = host.attachShadow({ mode: 'open' })
  const style = element('style')
  style.textContent = WALLET_STYLES

  const toggle = element('button', {
    type: 'button',
    class: 'toggle',
    'aria-label': 'Dev wallet',
    'aria-expanded': 'false',
    'aria-controls': 'panel',
  })
  const panel = element('section', {
    id: 'panel',
    class: 'panel',
    'aria-label': 'Dev wallet panel',
  })
  panel.hidden = true

  const header = element('div', { class: 'header' })
  const close = element('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×')
  header.append(element('strong', {}, 'Devnet Wallet'), close)

  const accountSelect = element('select', { id: 'account', 'aria-label': 'Account' })
  const accountLabel = element('label', { for: 'account' }, 'Account')
  accountLabel.append(accountSelect)
  const networkSelect = element('select', { id: 'network', 'aria-label': 'Network' })
  const networkLabel = element('label', { for: 'network' }, 'Network')
  networkLabel.append(networkSelect)

  const status = element('div', { class: 'status' })
  const statusText = element('span', { role: 'status' })
  const disconnect = element('button', { type: 'button' }, 'Disconnect')
  status.append(statusText, disconnect)

  const request = element('div', { class: 'request', role: 'group', 'aria-labelledby': 'title' })
  const title = element('h2', { id: 'title' })
  const queue = element('p', { class: 'queue' })
  const details = element('pre')
  const actions = element('div', { class: 'actions' })
  const reject = element('button', { type: 'button', class: 'reject' }, 'Reject')
  const approve = element('button', { type: 'button', class: 'approve' }, 'Approve')
  actions.append(reject, approve)
  request.append(title, queue, details, actions)

  panel.append(header, accountLabel, networkLabel, status, request)
  root.append(style, toggle, panel)
  for (const type of ISOLATED_EVENTS) root.addEventListener(type, (e) => e.stopPropagation())

  // The panel opened by a request closes again once no request is left, like an extension popup.
  let openedForRequest = false
  function setOpen(open: boolean) {
    panel.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
    if (!open) openedForRequest = false
  }

  toggle.addEventListener('click', () => setOpen(panel.hidden !== false))
  close.addEventListener('click', () => setOpen(false))
  accountSelect.addEventListener('change', () => core.selectAccount(Number(accountSelect.value)))
  networkSelect.addEventListener('change', () => core.selectChain(Number(networkSelect.value)))
  disconnect.addEventListener('click', () => core.disconnectSite())
  approve.addEventListener('click', () => core.snapshot().pending[0]?.decide(true))
  reject.addEventListener('click', () => core.snapshot().pending[0]?.decide(false))

  let renderedOptions = ''
  function render() {
    const s = core.snapshot()
    const optionsKey = JSON.stringify([s.accounts, s.chains])
    if (optionsKey !== renderedOptions) {
      renderedOptions = optionsKey
      accountSelect.replaceChildren(
        ...s.accounts.map((address, i) =>
          element('option', { value: String(i) }, `Account ${i + 1} (${shortAddress(address)})`),
        ),
      )
      networkSelect.replaceChildren(
        ...s.chains.map((chain) =>
          element('option', { value: String(chain.chainId) }, `${chain.name} (${chain.chainId})`),
        ),
      )
    }
    accountSelect.value = String(s.accountIndex)
    networkSelect.value = String(s.chainId)
    statusText.textContent = s.authorized
      ? `Connected to ${s.origin}`
      : 'Not connected to this site'
    disconnect.hidden = !s.authorized
    toggle.textContent = s.pending.length > 0 ? `Dev wallet (${s.pending.length})` : 'Dev wallet'

    const current = s.pending[0]
    request.hidden = !current
    if (current) {
      title.textContent = current.title
      queue.textContent = s.pending.length > 1 ? `1 of ${s.pending.length} requests` : ''
      details.textContent = current.details.join('\n')
      if (panel.hidden) {
        setOpen(true)
        openedForRequest = true
      }
    } else if (openedForRequest) {
      setOpen(false)
    }
  }

  const unsubscribe = core.subscribe(render)
  render()
  container.append(host)
  return () => {
    unsubscribe()
    host.remove()
  }
}
