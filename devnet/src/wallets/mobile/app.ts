// The Devnet Mobile Wallet page (browser entry, bundled by esbuild when the page is first asked
// for). It plays a phone wallet: pair with a `wc:` URI (typed, pasted, or from `?uri=`), approve
// or reject the session proposal, then each request. Everything a dapp sends is shown as text
// (textContent), never parsed as HTML. The views are in `views.ts`.

import { element, shortAddress } from '../shared/dom.js'
import { createLocalStorage } from '../walletconnect/storage.js'
import type { DevnetWalletConnectWallet, WalletConnectRequest } from '../walletconnect/types.js'
import { createDevnetWalletConnectWallet } from '../walletconnect/wallet.js'
import {
  CONFIG_ELEMENT_ID,
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_STORAGE_PREFIX,
  type MobileWalletConfig,
} from './config.js'
import { byId, createPageUi } from './ui.js'
import { authView, proposalView, requestCard, sessionCard } from './views.js'

declare global {
  interface Window {
    /** The page's wallet, for tests and the console. */
    porticoMobileWallet?: DevnetWalletConnectWallet
  }
}

function readConfig(): MobileWalletConfig {
  const text = document.getElementById(CONFIG_ELEMENT_ID)?.textContent
  if (!text) throw new Error('the page has no wallet configuration')
  return JSON.parse(text) as MobileWalletConfig
}

async function main() {
  const config = readConfig()
  const ui = createPageUi(config)
  const status = byId<HTMLParagraphElement>('status')
  const accountSelect = byId<HTMLSelectElement>('account')
  const pairForm = byId<HTMLFormElement>('pair')
  const uriInput = byId<HTMLInputElement>('uri')
  const pairButton = byId<HTMLButtonElement>('pair-button')
  const sessionList = byId<HTMLElement>('session-list')
  const requestList = byId<HTMLElement>('request-list')

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
    ui.clearError()
    wallet.selectAccount(Number(accountSelect.value)).catch(ui.showError)
  })

  let pairing = false
  async function pair(uri: string) {
    ui.clearError()
    if (!uri.startsWith('wc:')) {
      ui.showError('A pairing URI starts with "wc:"')
      return
    }
    pairing = true
    render()
    try {
      // A dapp's connect() brings a session proposal, its authenticate() a sign-in request.
      await wallet.open(uri)
      uriInput.value = ''
    } catch (error) {
      ui.showError(error)
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

  const account = () => Number(accountSelect.value)
  const showProposal = proposalView(ui, account, () => render())
  const showAuthRequest = authView(ui, account, () => render())
  const renderedRequests = new Map<WalletConnectRequest, HTMLElement>()
  let renderedSessions = ''

  function render() {
    const snapshot = wallet.snapshot()
    const sessions = snapshot.sessions
    if (accountSelect.value !== String(snapshot.accountIndex)) {
      accountSelect.value = String(snapshot.accountIndex)
    }
    const pending = snapshot.proposals.find((p) => p.status === 'pending')
    showProposal(pending)
    const signIn = snapshot.authRequests.find((r) => r.status === 'pending')
    showAuthRequest(signIn)
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
          ? sessions.map((session) => sessionCard(ui, wallet, session))
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
      const card = requestCard(ui, request)
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
