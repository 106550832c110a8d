import { element, shortAddress } from './dom.js'
import type { BrowserWalletControls } from './types.js'

/**
 * The panel every devnet browser wallet draws (the EVM Devnet Wallet, the Devnet Solana Wallet
 * and the Devnet Bitcoin Wallet): what it shows comes from a model, so each wallet keeps its own
 * state and requests.
 */
export type PanelSnapshot = {
  accounts: readonly { value: string; label: string }[]
  accountIndex: number
  /** Plain text under the Account control (e.g. the account's addresses); none when absent. */
  accountNote?: string
  chains: readonly { value: string; label: string }[]
  chain: string
  authorized: boolean
  /** What the connected site may use, shown after its origin (e.g. "payment, ordinals"). */
  grants?: readonly string[]
  origin: string
  pending: readonly { title: string; details: readonly string[]; decide(approved: boolean): void }[]
}

export type PanelModel = {
  snapshot(): PanelSnapshot
  subscribe(listener: () => void): () => void
  selectAccount(index: number): void
  selectChain(value: string): void
  disconnectSite(): void
}

export type PanelOptions = {
  hostId: string
  testId: string
  /** The panel's heading, e.g. "Devnet Wallet". */
  title: string
  /** The toggle button's name, e.g. "Dev wallet"; the panel is named "<toggle> panel". */
  toggleLabel: string
  /**
   * Where the panel opens (a third of the width each at most, so the three wallets' panels never
   * overlap) and how high its toggle sits in the bottom-right column of wallet buttons.
   */
  placement?: 'right' | 'left' | 'center'
  toggleBottom?: number
  /** The toggle's colours, so the buttons in that column are told apart at a glance. */
  accent?: { background: string; border: string }
}

const PLACEMENTS = {
  right: '',
  left: '.panel { right: auto; left: 16px; }',
  center: '.panel { right: auto; left: 50%; transform: translateX(-50%); }',
} as const

const BASE_STYLES = `
:host { all: initial; }
* { box-sizing: border-box; }
.toggle {
  position: fixed; right: 16px; bottom: 16px; z-index: 2147483647;
  font: 600 13px/1 system-ui, sans-serif; padding: 9px 14px; border-radius: 999px;
  border: 1px solid #364fc7; background: #3b5bdb; color: #fff; cursor: pointer;
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.25);
}
.toggle:focus-visible, button:focus-visible, select:focus-visible { outline: 3px solid #91a7ff; outline-offset: 2px; }
/*
 * Three columns (left, center, right) of at most a third of the width each, 16px apart; they
 * end above the column of wallet buttons at the bottom right (toggles at 16, 64 and 112px from
 * the bottom, about 32px high), so no wallet's panel covers another's panel or button.
 */
.panel {
  position: fixed; top: 16px; right: 16px; z-index: 2147483647;
  width: min(360px, calc((100vw - 64px) / 3));
  max-height: calc(100vh - 176px); overflow: auto; padding: 16px;
  background: #fff; color: #1a1b1e; border: 1px solid #ced4da; border-radius: 12px;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3); font: 14px/1.45 system-ui, sans-serif;
}
.panel[hidden] { display: none; }
.header { display: flex; align-items: center; justify-content: space-between; margin-bottom: 12px; }
.header strong { font-size: 15px; }
.close { border: none; background: none; font-size: 20px; line-height: 1; cursor: pointer; color: #495057; }
label { display: grid; gap: 4px; font-weight: 600; margin-bottom: 10px; font-size: 13px; }
select { font: inherit; font-weight: 400; padding: 6px; border: 1px solid #ced4da; border-radius: 6px; background: #fff; color: inherit; }
.note { white-space: pre-line; margin: 0 0 10px; font: 12px/1.5 ui-monospace, monospace; word-break: break-all; color: #495057; }
.note[hidden] { display: none; }
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
const ISOLATED_EVENTS = [
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
 * present toggle button that opens a panel with the Account and Network controls, and the
 * pending request with its "Approve" and "Reject" buttons. Request data is only ever set as
 * text. Returns a function that removes it.
 */
export function mountWalletPanel(
  model: PanelModel,
  container: HTMLElement,
  options: PanelOptions,
): () => void {
  const host = element('div', { id: options.hostId, 'data-testid': options.testId })
  const root = host.attachShadow({ mode: 'open' })
  const style = element('style')
  const accent = options.accent
    ? `.toggle { background: ${options.accent.background}; border-color: ${options.accent.border}; }`
    : ''
  style.textContent = [
    BASE_STYLES,
    `.toggle { bottom: ${options.toggleBottom ?? 16}px; }`,
    accent,
    PLACEMENTS[options.placement ?? 'right'],
  ].join('\n')

  const toggle = element('button', {
    type: 'button',
    class: 'toggle',
    'aria-label': options.toggleLabel,
    'aria-expanded': 'false',
    'aria-controls': 'panel',
  })
  const panel = element('section', {
    id: 'panel',
    class: 'panel',
    'aria-label': `${options.toggleLabel} panel`,
  })
  panel.hidden = true

  const header = element('div', { class: 'header' })
  const close = element('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×')
  header.append(element('strong', {}, options.title), close)

  const accountSelect = element('select', { id: 'account', 'aria-label': 'Account' })
  const accountLabel = element('label', { for: 'account' }, 'Account')
  accountLabel.append(accountSelect)
  const networkSelect = element('select', { id: 'network', 'aria-label': 'Network' })
  const networkLabel = element('label', { for: 'network' }, 'Network')
  networkLabel.append(networkSelect)
  const accountNote = element('p', { class: 'note' })

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

  panel.append(header, accountLabel, accountNote, networkLabel, status, request)
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
  accountSelect.addEventListener('change', () => model.selectAccount(Number(accountSelect.value)))
  networkSelect.addEventListener('change', () => model.selectChain(networkSelect.value))
  disconnect.addEventListener('click', () => model.disconnectSite())
  approve.addEventListener('click', () => model.snapshot().pending[0]?.decide(true))
  reject.addEventListener('click', () => model.snapshot().pending[0]?.decide(false))

  let renderedOptions = ''
  function render() {
    const s = model.snapshot()
    const optionsKey = JSON.stringify([s.accounts, s.chains])
    if (optionsKey !== renderedOptions) {
      renderedOptions = optionsKey
      accountSelect.replaceChildren(
        ...s.accounts.map((account, i) => element('option', { value: String(i) }, account.label)),
      )
      networkSelect.replaceChildren(
        ...s.chains.map((chain) => element('option', { value: chain.value }, chain.label)),
      )
    }
    accountSelect.value = String(s.accountIndex)
    accountNote.hidden = !s.accountNote
    accountNote.textContent = s.accountNote ?? ''
    networkSelect.value = s.chain
    const grants = s.grants?.length ? ` (${s.grants.join(', ')})` : ''
    statusText.textContent = s.authorized
      ? `Connected to ${s.origin}${grants}`
      : 'Not connected to this site'
    disconnect.hidden = !s.authorized
    toggle.textContent =
      s.pending.length > 0 ? `${options.toggleLabel} (${s.pending.length})` : options.toggleLabel

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

  const unsubscribe = model.subscribe(render)
  render()
  container.append(host)
  return () => {
    unsubscribe()
    host.remove()
  }
}

/** The Account control's choices: "Account 1 (0x1234…abcd)", by the account's address. */
export function accountChoices(
  addresses: readonly string[],
  short: (address: string) => string = shortAddress,
): PanelSnapshot['accounts'] {
  return addresses.map((address, i) => ({
    value: address,
    label: `Account ${i + 1} (${short(address)})`,
  }))
}

/** A panel's model over a wallet's controls: what it shows, and how it switches chains. */
export function panelModel(
  wallet: Pick<BrowserWalletControls, 'subscribe' | 'selectAccount' | 'disconnectSite'>,
  parts: Pick<PanelModel, 'snapshot' | 'selectChain'>,
): PanelModel {
  return {
    snapshot: parts.snapshot,
    subscribe: wallet.subscribe,
    selectAccount: wallet.selectAccount,
    selectChain: parts.selectChain,
    disconnectSite: wallet.disconnectSite,
  }
}

/**
 * What the panel shows of a wallet whose accounts are addresses (the Devnet Wallet, the Devnet
 * Solana Wallet), on the given chains.
 */
export function accountsSnapshot(
  wallet: {
    accounts: readonly string[]
    accountIndex: number
    authorized: boolean
    origin: string
    pending: PanelSnapshot['pending']
  },
  chains: PanelSnapshot['chains'],
  chain: string,
): PanelSnapshot {
  const { accountIndex, authorized, origin, pending } = wallet
  return {
    accounts: accountChoices(wallet.accounts),
    accountIndex,
    chains,
    chain,
    authorized,
    origin,
    pending,
  }
}
