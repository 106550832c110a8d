// The Devnet Mobile Wallet page (browser entry, bundled by esbuild when the page is first asked
// for). It plays a phone wallet: pair with a `wc:` URI (typed, pasted, or from `?uri=`), approve
// or reject the session proposal, then each request. Everything a dapp sends is shown as text
// (textContent), never parsed as HTML.

import { element, shortAddress } from '../shared/dom.js'
import { createLocalStorage } from '../walletconnect/storage.js'
import type {
  DevnetWalletConnectWallet,
  WalletConnectAuthRequest,
  WalletConnectProposal,
  WalletConnectRequest,
  WalletConnectSession,
} from '../walletconnect/wallet.js'
import { createDevnetWalletConnectWallet } from '../walletconnect/wallet.js'
import {
  CONFIG_ELEMENT_ID,
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_STORAGE_PREFIX,
  type MobileWalletConfig,
} from './config.js'
import { chainName, describeRequest } from './describe.js'

declare global {
  interface Window {
    /** The page's wallet, for tests and the console. */
    porticoMobileWallet?: DevnetWalletConnectWallet
  }
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

function readConfig(): MobileWalletConfig {
  const text = document.getElementById(CONFIG_ELEMENT_ID)?.textContent
  if (!text) throw new Error('the page has no wallet configuration')
  return JSON.parse(text) as MobileWalletConfig
}

async function main() {
  const config = readConfig()
  const status = byId<HTMLParagraphElement>('status')
  const alert = byId<HTMLParagraphElement>('error')
  const accountSelect = byId<HTMLSelectElement>('account')
  const pairForm = byId<HTMLFormElement>('pair')
  const uriInput = byId<HTMLInputElement>('uri')
  const pairButton = byId<HTMLButtonElement>('pair-button')
  const proposalSection = byId<HTMLElement>('proposal')
  const proposalDetails = byId<HTMLElement>('proposal-details')
  const proposalMessage = byId<HTMLPreElement>('proposal-message')
  const authSection = byId<HTMLElement>('auth-request')
  const authDetails = byId<HTMLElement>('auth-details')
  const authMessage = byId<HTMLPreElement>('auth-message')
  const approveAuth = byId<HTMLButtonElement>('auth-approve')
  const rejectAuth = byId<HTMLButtonElement>('auth-reject')
  const approveProposal = byId<HTMLButtonElement>('proposal-approve')
  const rejectProposal = byId<HTMLButtonElement>('proposal-reject')
  const sessionList = byId<HTMLElement>('session-list')
  const requestList = byId<HTMLElement>('request-list')
  const activity = byId<HTMLOListElement>('activity-list')

  function showError(error: unknown) {
    alert.textContent = error instanceof Error ? error.message : String(error)
    alert.hidden = false
  }
  function clearError() {
    alert.textContent = ''
    alert.hidden = true
  }
  function log(text: string) {
    activity.prepend(element('li', {}, `${new Date().toLocaleTimeString()} ${text}`))
  }

  status.textContent = 'Starting…'
  const wallet = await createDevnetWalletConnectWallet({
    relayUrl: config.relayUrl,
    chains: config.chains,
    mnemonic: config.mnemonic,
    accountCount: config.accountCount,
    projectId: config.projectId,
    metadata: {
      name: MOBILE_WALLET_NAME,
      description: 'A WalletConnect wallet on the Portico devnet',
      url: location.origin,
    },
    storage: createLocalStorage(`${MOBILE_WALLET_STORAGE_PREFIX}:`),
    storagePrefix: MOBILE_WALLET_STORAGE_PREFIX,
  })
  window.porticoMobileWallet = wallet

  for (const [index, address] of wallet.accounts().entries()) {
    accountSelect.append(
      element('option', { value: String(index) }, `Account ${index} · ${shortAddress(address)}`),
    )
  }
  accountSelect.value = String(wallet.snapshot().accountIndex)
  accountSelect.disabled = false
  accountSelect.addEventListener('change', () => {
    clearError()
    wallet.selectAccount(Number(accountSelect.value)).catch(showError)
  })

  let pairing = false
  async function pair(uri: string) {
    clearError()
    if (!uri.startsWith('wc:')) {
      showError('A pairing URI starts with "wc:"')
      return
    }
    pairing = true
    render()
    try {
      // A dapp's connect() brings a session proposal, its authenticate() a sign-in request.
      await wallet.open(uri)
      uriInput.value = ''
    } catch (error) {
      showError(error)
    } finally {
      pairing = false
      render()
    }
  }
  pairForm.addEventListener('submit', (event) => {
    event.preventDefault()
    void pair(uriInput.value.trim())
  })
  pairButton.disabled = false
  uriInput.disabled = false

  let shownProposal: WalletConnectProposal | undefined
  approveProposal.addEventListener('click', () => {
    const proposal = shownProposal
    if (!proposal) return
    clearError()
    approveProposal.disabled = true
    rejectProposal.disabled = true
    proposal
      .approve({ accountIndex: Number(accountSelect.value) })
      .then((session) => log(`Connected to ${session.peer.name}`))
      .catch(showError)
      .finally(render)
  })
  rejectProposal.addEventListener('click', () => {
    const proposal = shownProposal
    if (!proposal) return
    clearError()
    approveProposal.disabled = true
    rejectProposal.disabled = true
    proposal
      .reject()
      .then(() => log(`Rejected ${proposal.proposer.name}`))
      .catch(showError)
      .finally(render)
  })

  function definition(list: HTMLElement, term: string, value: string, className?: string) {
    list.append(
      element('dt', {}, term),
      element('dd', className ? { class: className } : {}, value),
    )
  }

  /**
   * Sign-in details, with the check CAIP-122 asks wallets to make: the domain signed in to
   * should be the app's own (here its self-declared URL; no verify service runs offline).
   */
  function signInDefinitions(
    list: HTMLElement,
    request: { domain: string; uri: string; chains: string[]; requestedChains: string[] },
    appUrl: string,
  ) {
    definition(list, 'Sign in to', request.domain)
    definition(list, 'URI', request.uri)
    let appHost = ''
    try {
      appHost = new URL(appUrl).host
    } catch {
      appHost = ''
    }
    if (appHost !== request.domain.toLowerCase()) {
      definition(
        list,
        'Warning',
        `The app says it is ${appUrl || '(no URL)'}, but asks you to sign in to ${request.domain}`,
        'warning',
      )
    }
    definition(
      list,
      'Sign-in networks',
      request.chains.length > 0
        ? request.chains.map((caip) => chainName(config, caip)).join(', ')
        : `none the wallet knows (${request.requestedChains.join(', ')})`,
    )
  }

  /** The first text approving signs, and how many more (one per network). */
  function messagePreview(messages: string[]): string {
    const [first] = messages
    if (!first) return ''
    const more = messages.length - 1
    return more > 0
      ? `${first}\n\n(and the same for ${more} more network${more > 1 ? 's' : ''})`
      : first
  }

  // Redrawn when the proposal or the account changes (the sign-in text names the account).
  let shownProposalAccount = -1
  function renderProposal(proposal: WalletConnectProposal | undefined) {
    const account = Number(accountSelect.value)
    if (proposal === shownProposal && account === shownProposalAccount) return
    shownProposal = proposal
    shownProposalAccount = account
    proposalSection.hidden = !proposal
    proposalDetails.replaceChildren()
    if (!proposal) return
    const { proposer } = proposal
    definition(proposalDetails, 'App', proposer.name || '(no name)')
    definition(proposalDetails, 'Website', proposer.url || '(no URL)')
    if (proposer.description) definition(proposalDetails, 'Description', proposer.description)
    definition(
      proposalDetails,
      'Networks',
      proposal.chains.length > 0
        ? proposal.chains.map((caip) => chainName(config, caip)).join(', ')
        : `none the wallet knows (${proposal.requestedChains.join(', ')})`,
    )
    definition(proposalDetails, 'Methods', proposal.methods.join(', '))
    for (const signIn of proposal.authentication) {
      signInDefinitions(proposalDetails, signIn, proposer.url)
    }
    proposalMessage.textContent = messagePreview(proposal.messages(account))
    proposalMessage.hidden = proposal.authentication.length === 0
    approveProposal.disabled = proposal.chains.length === 0
    rejectProposal.disabled = false
  }

  let shownAuth: WalletConnectAuthRequest | undefined
  let shownAuthAccount = -1
  approveAuth.addEventListener('click', () => {
    const request = shownAuth
    if (!request) return
    clearError()
    approveAuth.disabled = true
    rejectAuth.disabled = true
    request
      .approve({ accountIndex: Number(accountSelect.value) })
      .then(() => log(`Signed in to ${request.proposer.name} (${request.domain})`))
      .catch(showError)
      .finally(render)
  })
  rejectAuth.addEventListener('click', () => {
    const request = shownAuth
    if (!request) return
    clearError()
    approveAuth.disabled = true
    rejectAuth.disabled = true
    request
      .reject()
      .then(() => log(`Rejected sign-in to ${request.domain}`))
      .catch(showError)
      .finally(render)
  })

  function renderAuthRequest(request: WalletConnectAuthRequest | undefined) {
    const account = Number(accountSelect.value)
    if (request === shownAuth && account === shownAuthAccount) return
    shownAuth = request
    shownAuthAccount = account
    authSection.hidden = !request
    authDetails.replaceChildren()
    authMessage.textContent = ''
    if (!request) return
    const { proposer } = request
    definition(authDetails, 'App', proposer.name || '(no name)')
    definition(authDetails, 'Website', proposer.url || '(no URL)')
    signInDefinitions(authDetails, request, proposer.url)
    if (request.methods.length > 0) definition(authDetails, 'Methods', request.methods.join(', '))
    // What the account signs, exactly (as text, never markup).
    authMessage.textContent = messagePreview(request.messages(account))
    approveAuth.disabled = request.chains.length === 0
    rejectAuth.disabled = false
  }

  function renderSession(session: WalletConnectSession): HTMLElement {
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
      session.chains.map((caip) => chainName(config, caip)).join(', '),
    )
    card.append(details)

    const networkSelect = element('select', { 'aria-label': 'Switch network' })
    networkSelect.append(element('option', { value: '' }, 'Switch network…'))
    for (const chain of config.chains) {
      networkSelect.append(
        element('option', { value: String(chain.chainId) }, `${chain.name} (${chain.chainId})`),
      )
    }
    networkSelect.addEventListener('change', () => {
      const chainId = Number(networkSelect.value)
      if (!chainId) return
      clearError()
      wallet
        .switchChain(chainId)
        .then(() => log(`Switched ${session.peer.name} to ${chainId}`))
        .catch(showError)
    })
    const disconnect = element('button', { type: 'button' }, 'Disconnect')
    disconnect.addEventListener('click', () => {
      clearError()
      disconnect.disabled = true
      wallet
        .disconnect(session.topic)
        .then(() => log(`Disconnected from ${session.peer.name}`))
        .catch(showError)
    })
    const actions = element('div', { class: 'actions' })
    actions.append(networkSelect, disconnect)
    card.append(actions)
    return card
  }

  function renderRequest(request: WalletConnectRequest): HTMLElement {
    const { title, lines } = describeRequest(config, request)
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
    approve.addEventListener('click', () => {
      clearError()
      approve.disabled = true
      reject.disabled = true
      request
        .approve()
        .then((result) => log(`${request.method} approved: ${String(result)}`))
        .catch((error) => {
          log(`${request.method} failed`)
          showError(error)
        })
    })
    reject.addEventListener('click', () => {
      clearError()
      approve.disabled = true
      reject.disabled = true
      request
        .reject()
        .then(() => log(`${request.method} rejected`))
        .catch(showError)
    })
    const actions = element('div', { class: 'actions' })
    actions.append(reject, approve)
    card.append(actions)
    return card
  }

  const renderedRequests = new Map<WalletConnectRequest, HTMLElement>()
  let renderedSessions = ''

  function render() {
    const snapshot = wallet.snapshot()
    const sessions = snapshot.sessions
    if (accountSelect.value !== String(snapshot.accountIndex)) {
      accountSelect.value = String(snapshot.accountIndex)
    }
    const pending = snapshot.proposals.find((p) => p.status === 'pending')
    renderProposal(pending)
    const signIn = snapshot.authRequests.find((r) => r.status === 'pending')
    renderAuthRequest(signIn)
    pairButton.disabled = pairing

    if (pairing) status.textContent = 'Pairing…'
    else if (pending) status.textContent = `Connection request from ${pending.proposer.name}`
    else if (signIn) status.textContent = `Sign-in request from ${signIn.proposer.name}`
    else if (sessions.length > 0) {
      status.textContent = `Connected to ${sessions.map((s) => s.peer.name).join(', ')}`
    } else status.textContent = 'Not connected'

    // Sessions: redrawn only when they change, so an open select keeps its state.
    const sessionKey = JSON.stringify(sessions.map((s) => [s.topic, s.accounts, s.chains]))
    if (sessionKey !== renderedSessions) {
      renderedSessions = sessionKey
      sessionList.replaceChildren(
        ...(sessions.length > 0
          ? sessions.map(renderSession)
          : [element('p', {}, 'No connected apps')]),
      )
    }

    // Requests: one card each, kept while it waits.
    for (const [request, card] of renderedRequests) {
      if (!snapshot.requests.includes(request)) {
        card.remove()
        renderedRequests.delete(request)
      }
    }
    for (const request of snapshot.requests) {
      if (renderedRequests.has(request)) continue
      const card = renderRequest(request)
      renderedRequests.set(request, card)
      requestList.append(card)
    }
    byId<HTMLElement>('no-requests').hidden = snapshot.requests.length > 0
  }

  wallet.subscribe(render)
  render()
  document.body.dataset.ready = 'true'

  // A deep link or web link: `/mobile-wallet?uri=…` or `/mobile-wallet/wc?uri=…`. The URI
  // leaves the address bar, so a reload does not pair again.
  const linked = new URL(location.href).searchParams.get('uri')
  if (linked) {
    history.replaceState(null, '', location.pathname)
    uriInput.value = linked
    await pair(linked)
  }
}

main().catch((error) => {
  const alert = document.getElementById('error')
  if (alert) {
    alert.textContent = `The wallet could not start: ${error instanceof Error ? error.message : String(error)}`
    alert.hidden = false
  }
  console.error(error)
})
