// The Devnet Mobile Wallet page's views: the connection request and the sign-in request (one at
// a time, in their sections), and a card per connected app and per waiting request.

import { element } from '../shared/dom.js'
import type {
  DevnetWalletConnectWallet,
  WalletConnectAuthRequest,
  WalletConnectPeer,
  WalletConnectProposal,
  WalletConnectRequest,
  WalletConnectSession,
} from '../walletconnect/types.js'
import { chainName, describeRequest } from './describe.js'
import {
  byId,
  definition,
  messagePreview,
  networkList,
  type PageUi,
  signInDefinitions,
} from './ui.js'

/**
 * A section showing one item at a time (the connection or the sign-in request) with Approve and
 * Reject; redrawn when the item or the account changes (the sign-in text names the account).
 */
function requestSection<T extends WalletConnectProposal | WalletConnectAuthRequest>(
  ui: PageUi,
  /** The section's id, and the prefix of its parts' (`<prefix>-details`, `-message`, …). */
  ids: { section: string; prefix: string },
  parts: {
    account(): number
    /** Fills the details list; the message is what approving signs. */
    describe(item: T, details: HTMLElement, account: number): string | undefined
    answer(item: T, approved: boolean, account: number): Promise<string>
    after(): void
  },
) {
  const section = byId<HTMLElement>(ids.section)
  const details = byId<HTMLElement>(`${ids.prefix}-details`)
  const message = byId<HTMLPreElement>(`${ids.prefix}-message`)
  const approve = byId<HTMLButtonElement>(`${ids.prefix}-approve`)
  const reject = byId<HTMLButtonElement>(`${ids.prefix}-reject`)
  let shown: T | undefined
  let shownAccount = -1
  ui.decisionButtons(
    approve,
    reject,
    (approved) => (shown ? parts.answer(shown, approved, parts.account()) : undefined),
    parts.after,
  )
  return function show(item: T | undefined) {
    const account = parts.account()
    if (item === shown && account === shownAccount) return
    shown = item
    shownAccount = account
    section.hidden = !item
    details.replaceChildren()
    message.textContent = ''
    if (!item) return
    const text = parts.describe(item, details, account)
    // What the account signs, exactly (as text, never markup).
    message.textContent = text ?? ''
    message.hidden = text === undefined
    approve.disabled = item.chains.length === 0
    reject.disabled = false
  }
}

/** Who asks: the app's name and website, as it describes itself. */
function appDefinitions(details: HTMLElement, proposer: WalletConnectPeer) {
  definition(details, 'App', proposer.name || '(no name)')
  definition(details, 'Website', proposer.url || '(no URL)')
}

export function proposalView(ui: PageUi, account: () => number, after: () => void) {
  return requestSection<WalletConnectProposal>(
    ui,
    { section: 'proposal', prefix: 'proposal' },
    {
      account,
      after,
      describe(proposal, details, index) {
        const { proposer } = proposal
        appDefinitions(details, proposer)
        if (proposer.description) definition(details, 'Description', proposer.description)
        definition(details, 'Networks', networkList(ui.config, proposal))
        definition(details, 'Methods', proposal.methods.join(', '))
        for (const signIn of proposal.authentication) {
          signInDefinitions(ui.config, details, signIn, proposer.url)
        }
        return proposal.authentication.length > 0
          ? messagePreview(proposal.messages(index))
          : undefined
      },
      answer: async (proposal, approved, index) =>
        approved
          ? `Connected to ${(await proposal.approve({ accountIndex: index })).peer.name}`
          : proposal.reject().then(() => `Rejected ${proposal.proposer.name}`),
    },
  )
}

export function authView(ui: PageUi, account: () => number, after: () => void) {
  return requestSection<WalletConnectAuthRequest>(
    ui,
    { section: 'auth-request', prefix: 'auth' },
    {
      account,
      after,
      describe(request, details, index) {
        const { proposer } = request
        appDefinitions(details, proposer)
        signInDefinitions(ui.config, details, request, proposer.url)
        if (request.methods.length > 0) definition(details, 'Methods', request.methods.join(', '))
        return messagePreview(request.messages(index))
      },
      answer: async (request, approved, index) => {
        if (!approved) {
          await request.reject()
          return `Rejected sign-in to ${request.domain}`
        }
        await request.approve({ accountIndex: index })
        return `Signed in to ${request.proposer.name} (${request.domain})`
      },
    },
  )
}

/** A connected app: its account and networks, a network switch and Disconnect. */
export function sessionCard(
  ui: PageUi,
  wallet: DevnetWalletConnectWallet,
  session: WalletConnectSession,
): HTMLElement {
  const card = element('article', {
    class: 'card',
    'aria-label': `Session with ${session.peer.name}`,
  })
  card.append(element('h3', {}, session.peer.name || '(no name)'))
  const details = element('dl')
  definition(details, 'Website', session.peer.url)
  definition(
    details,
    'Account',
    [...new Set(session.accounts.map((a) => a.split(':')[2]))].join(', '),
  )
  definition(
    details,
    'Networks',
    session.chains.map((caip) => chainName(ui.config, caip)).join(', '),
  )
  card.append(details)

  const networkSelect = element('select', { 'aria-label': 'Switch network' })
  networkSelect.append(element('option', { value: '' }, 'Switch network…'))
  for (const chain of ui.config.chains) {
    networkSelect.append(
      element('option', { value: String(chain.chainId) }, `${chain.name} (${chain.chainId})`),
    )
  }
  networkSelect.addEventListener('change', () => {
    const chainId = Number(networkSelect.value)
    if (!chainId) return
    ui.clearError()
    wallet
      .switchChain(chainId)
      .then(() => ui.log(`Switched ${session.peer.name} to ${chainId}`))
      .catch(ui.showError)
  })
  const disconnect = element('button', { type: 'button' }, 'Disconnect')
  disconnect.addEventListener('click', () => {
    ui.clearError()
    disconnect.disabled = true
    wallet
      .disconnect(session.topic)
      .then(() => ui.log(`Disconnected from ${session.peer.name}`))
      .catch(ui.showError)
  })
  const actions = element('div', { class: 'actions' })
  actions.append(networkSelect, disconnect)
  card.append(actions)
  return card
}

/** A request waiting for consent: what it asks, from which app, and Approve / Reject. */
export function requestCard(ui: PageUi, request: WalletConnectRequest): HTMLElement {
  const { title, lines } = describeRequest(ui.config, request)
  const card = element('article', {
    class: 'card request',
    'aria-label': `${title} (${request.method})`,
  })
  card.append(element('h3', {}, title))
  const from = request.peer ? `${request.peer.name} (${request.peer.url})` : request.topic
  card.append(element('p', { class: 'from' }, `From: ${from}`))
  card.append(element('p', { class: 'method' }, `Method: ${request.method}`))
  card.append(element('pre', {}, lines.join('\n')))
  const approve = element('button', { type: 'button', class: 'approve' }, 'Approve')
  const reject = element('button', { type: 'button' }, 'Reject')
  ui.decisionButtons(approve, reject, async (approved) => {
    if (!approved) {
      await request.reject()
      return `${request.method} rejected`
    }
    try {
      return `${request.method} approved: ${String(await request.approve())}`
    } catch (error) {
      ui.log(`${request.method} failed`)
      throw error
    }
  })
  const actions = element('div', { class: 'actions' })
  actions.append(reject, approve)
  card.append(actions)
  return card
}
