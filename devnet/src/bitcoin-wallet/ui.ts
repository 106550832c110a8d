import { element } from '../dom.js'
import { ISOLATED_EVENTS, WALLET_STYLES } from '../wallet/ui.js'
import type { DevnetBitcoinWalletCore } from './core.js'

export const BITCOIN_WALLET_HOST_ID = 'portico-devnet-bitcoin-wallet'

// The EVM Devnet Wallet sits on the right; this one takes the left, in Bitcoin's orange.
const STYLES = `${WALLET_STYLES}
.toggle { right: auto; left: 16px; background: #e8590c; border-color: #d9480f; }
.panel { right: auto; left: 16px; }
.addresses { white-space: pre-line; margin: 0 0 10px; font: 12px/1.5 ui-monospace, monospace; word-break: break-all; color: #495057; }
`

/** `bcrt1qquv9…jpnuw`: Bitcoin addresses are long, both ends are shown. */
const shortBitcoinAddress = (address: string) => `${address.slice(0, 10)}…${address.slice(-5)}`

/**
 * The wallet's window, in a shadow root: a "Bitcoin wallet" button opening a panel with the
 * "Bitcoin account" control, the connection status with "Disconnect", and the pending request
 * with "Approve" and "Reject". Request data is set as text only. Returns a function removing it.
 */
export function mountBitcoinWalletUi(core: DevnetBitcoinWalletCore, container: HTMLElement) {
  const host = element('div', {
    id: BITCOIN_WALLET_HOST_ID,
    'data-testid': 'devnet-bitcoin-wallet',
  })
  const root = host.attachShadow({ mode: 'open' })
  const style = element('style')
  style.textContent = STYLES

  const toggle = element('button', {
    type: 'button',
    class: 'toggle',
    'aria-label': 'Bitcoin wallet',
    'aria-expanded': 'false',
    'aria-controls': 'panel',
  })
  const panel = element('section', {
    id: 'panel',
    class: 'panel',
    'aria-label': 'Bitcoin wallet panel',
  })
  panel.hidden = true
  const header = element('div', { class: 'header' })
  const close = element('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×')
  header.append(element('strong', {}, 'Devnet Bitcoin Wallet'), close)

  const accountSelect = element('select', { id: 'account', 'aria-label': 'Bitcoin account' })
  const accountLabel = element('label', { for: 'account' }, 'Account')
  accountLabel.append(accountSelect)
  const addresses = element('p', { class: 'addresses' })

  const status = element('div', { class: 'status' })
  const statusText = element('span', { role: 'status' })
  const disconnect = element('button', { type: 'button' }, 'Disconnect')
  status.append(statusText, disconnect)

  const request = element('div', {
    class: 'request',
    role: 'group',
    'aria-labelledby': 'title',
  })
  const title = element('h2', { id: 'title' })
  const queue = element('p', { class: 'queue' })
  const details = element('pre')
  const actions = element('div', { class: 'actions' })
  const reject = element('button', { type: 'button', class: 'reject' }, 'Reject')
  const approve = element('button', { type: 'button', class: 'approve' }, 'Approve')
  actions.append(reject, approve)
  request.append(title, queue, details, actions)

  panel.append(header, accountLabel, addresses, status, request)
  root.append(style, toggle, panel)
  for (const type of ISOLATED_EVENTS) root.addEventListener(type, (e) => e.stopPropagation())

  let openedForRequest = false
  function setOpen(open: boolean) {
    panel.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
    if (!open) openedForRequest = false
  }
  toggle.addEventListener('click', () => setOpen(panel.hidden !== false))
  close.addEventListener('click', () => setOpen(false))
  accountSelect.addEventListener('change', () => core.selectAccount(Number(accountSelect.value)))
  disconnect.addEventListener('click', () => core.disconnect())
  approve.addEventListener('click', () => core.snapshot().pending[0]?.decide(true))
  reject.addEventListener('click', () => core.snapshot().pending[0]?.decide(false))

  let renderedAccounts = ''
  function render() {
    const s = core.snapshot()
    const key = JSON.stringify(s.accounts)
    if (key !== renderedAccounts) {
      renderedAccounts = key
      accountSelect.replaceChildren(
        ...s.accounts.map((a, i) =>
          element(
            'option',
            { value: String(i) },
            `Account ${i + 1} (${shortBitcoinAddress(a.payment)})`,
          ),
        ),
      )
    }
    accountSelect.value = String(s.accountIndex)
    const current = s.accounts[s.accountIndex]
    addresses.textContent = current
      ? `Payment ${current.payment}\nOrdinals ${current.ordinals}`
      : 'Deriving keys…'
    statusText.textContent =
      s.authorized.length > 0
        ? `Connected to ${s.origin} (${s.authorized.join(', ')})`
        : 'Not connected to this site'
    disconnect.hidden = s.authorized.length === 0
    toggle.textContent =
      s.pending.length > 0 ? `Bitcoin wallet (${s.pending.length})` : 'Bitcoin wallet'

    const pending = s.pending[0]
    request.hidden = !pending
    if (pending) {
      title.textContent = pending.title
      queue.textContent = s.pending.length > 1 ? `1 of ${s.pending.length} requests` : ''
      details.textContent = pending.details.join('\n')
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
