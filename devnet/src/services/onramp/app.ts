// The devnet checkout page (browser entry, bundled by esbuild when the page first asks for it).
// It shows the order and its quote, takes a test card, and reports the outcome to the window
// that opened it, at the origin the devnet recorded for the session and nowhere else. Every
// value from the session is set as text (textContent), never parsed as HTML.

import { element, shortAddress } from '../../wallets/shared/dom.js'
import { CHECKOUT_CONFIG_ID, PROVIDER_LABELS, SESSION_PATH } from './config.js'
import { messageOf } from './messages.js'
import type { OnrampSession } from './onramp.js'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

/** How long to wait between two reads of a processing session. */
const POLL_MS = 1000

const status = byId<HTMLParagraphElement>('status')
const alertBox = byId<HTMLParagraphElement>('error')
const title = byId<HTMLHeadingElement>('title')
const order = byId<HTMLElement>('order')
const amountSection = byId<HTMLElement>('amount-section')
const amountForm = byId<HTMLFormElement>('amount-form')
const amountInput = byId<HTMLInputElement>('amount')
const amountLabel = byId<HTMLLabelElement>('amount-label')
const paySection = byId<HTMLElement>('pay-section')
const payForm = byId<HTMLFormElement>('pay-form')
const payButton = byId<HTMLButtonElement>('pay-button')
const result = byId<HTMLElement>('result')
const resultTitle = byId<HTMLHeadingElement>('result-title')
const resultDetails = byId<HTMLElement>('result-details')
const closeButton = byId<HTMLButtonElement>('close-button')
const closeHint = byId<HTMLParagraphElement>('close-hint')

const FIELDS = {
  cardNumber: 'card-number',
  expiry: 'expiry',
  cvc: 'cvc',
  amount: 'amount',
} as const

let session = JSON.parse(
  document.getElementById(CHECKOUT_CONFIG_ID)?.textContent ?? 'null',
) as OnrampSession
let lastReported: OnrampSession['status'] | undefined
let polling = false

function rows(list: HTMLElement, entries: [string, string][]) {
  list.replaceChildren(
    ...entries.flatMap(([term, value]) => [element('dt', {}, term), element('dd', {}, value)]),
  )
}

function showError(message: string | null) {
  alertBox.textContent = message ?? ''
  alertBox.hidden = message === null
}

function showFieldErrors(fields: Record<string, string>) {
  let first: HTMLInputElement | undefined
  for (const [name, id] of Object.entries(FIELDS)) {
    const input = byId<HTMLInputElement>(id)
    const note = byId<HTMLParagraphElement>(`${id}-error`)
    const message = fields[name]
    note.textContent = message ?? ''
    note.hidden = message === undefined
    if (message === undefined) input.removeAttribute('aria-invalid')
    else {
      input.setAttribute('aria-invalid', 'true')
      first ??= input
    }
  }
  first?.focus()
}

/**
 * Tells the opener what happened, once per status. The target origin is the one the devnet
 * recorded when the app created the session: if the opener is elsewhere now, the browser drops
 * the message. No opener or no recorded origin: nothing is sent, the page alone shows it.
 */
function report() {
  const message = messageOf(session)
  if (!message || lastReported === session.status) return
  lastReported = session.status
  const opener = window.opener as Window | null
  if (!opener || opener.closed || !session.origin) return
  try {
    opener.postMessage(message, session.origin)
  } catch {
    // A closed or navigated opener: the page still shows the outcome.
  }
}

function render() {
  const { asset, network, quote, fiat } = session
  title.textContent = `Buy ${asset.symbol} with ${PROVIDER_LABELS[session.provider]} (devnet)`
  const entries: [string, string][] = [
    ['Asset', `${asset.name} (${asset.symbol})`],
    ['Network', `${network.displayName} (chain ${network.chainId})`],
    ['Wallet', session.wallet],
  ]
  if (quote) {
    entries.push(
      ['You pay', `${quote.paymentTotal.amount} ${quote.paymentTotal.currency}`],
      ['Provider fee', `${quote.coinbaseFee.amount} ${quote.coinbaseFee.currency}`],
      ['Network fee', `${quote.networkFee.amount} ${quote.networkFee.currency}`],
      ['Subtotal', `${quote.paymentSubtotal.amount} ${quote.paymentSubtotal.currency}`],
      ['You receive', `${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency}`],
    )
  }
  rows(order, entries)

  const open = session.status === 'open'
  amountSection.hidden = !open
  amountLabel.textContent = `Amount (${fiat.currency})`
  if (open && fiat.amount && document.activeElement !== amountInput) {
    amountInput.value = fiat.amount
  }
  paySection.hidden = !open || !quote
  if (quote)
    payButton.textContent = `Pay ${quote.paymentTotal.amount} ${quote.paymentTotal.currency}`

  result.hidden = open
  const hasOpener = Boolean(window.opener)
  closeButton.hidden = !hasOpener
  closeHint.hidden = hasOpener
  if (open) {
    status.textContent = quote
      ? `Quote ready: ${quote.purchaseAmount.amount} ${asset.symbol} for ${quote.paymentTotal.amount} ${fiat.currency}.`
      : `Enter an amount in ${fiat.currency}.`
    return
  }
  const details: [string, string][] = [['Card', session.card ? `•••• ${session.card.last4}` : '—']]
  if (session.status === 'confirmed' && session.purchase) {
    const p = session.purchase
    resultTitle.textContent = 'Purchase complete'
    status.textContent = `Payment complete: ${p.amount} ${p.asset} sent to ${shortAddress(p.to)} on ${network.displayName}.`
    details.push(
      ['Received', `${p.amount} ${p.asset}`],
      ['Transaction', p.hash],
      ['Block', String(p.blockNumber)],
    )
  } else if (session.status === 'pending') {
    resultTitle.textContent = 'Payment processing'
    status.textContent = `Payment processing: your ${asset.symbol} will be sent once the provider confirms.`
    poll()
  } else {
    resultTitle.textContent = 'Purchase failed'
    status.textContent = `Payment failed: ${session.failure?.message ?? 'the purchase failed.'}`
  }
  rows(resultDetails, details)
  report()
}

async function call(path: string, body?: unknown): Promise<Response> {
  return fetch(`${SESSION_PATH}/${encodeURIComponent(session.id)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
}

async function answer(response: Response) {
  const data = (await response.json().catch(() => ({}))) as {
    error?: string
    fields?: Record<string, string>
    session?: OnrampSession
  } & Partial<OnrampSession>
  if (response.ok) {
    session = data as OnrampSession
    showError(null)
    showFieldErrors({})
  } else {
    if (data.session) session = data.session
    if (data.fields) showFieldErrors(data.fields)
    showError(
      data.fields ? 'Check the highlighted fields.' : (data.error ?? `Error ${response.status}`),
    )
  }
  render()
}

/** Re-reads a processing session until the provider settles it (the devnet's control route). */
function poll() {
  if (polling) return
  polling = true
  const tick = async () => {
    try {
      const response = await call('')
      if (response.ok) {
        const next = (await response.json()) as OnrampSession
        if (next.status !== session.status) {
          polling = false
          session = next
          render()
          return
        }
      }
    } catch {
      // The devnet may be restarting; keep trying while the page is open.
    }
    setTimeout(tick, POLL_MS)
  }
  setTimeout(tick, POLL_MS)
}

async function submit(
  form: HTMLFormElement,
  button: HTMLButtonElement,
  path: string,
  body: unknown,
) {
  button.disabled = true
  form.setAttribute('aria-busy', 'true')
  try {
    await answer(await call(path, body))
  } catch (error) {
    showError(
      `The devnet did not answer: ${error instanceof Error ? error.message : String(error)}`,
    )
  } finally {
    button.disabled = false
    form.removeAttribute('aria-busy')
  }
}

amountForm.addEventListener('submit', (event) => {
  event.preventDefault()
  status.textContent = 'Getting a quote…'
  void submit(amountForm, byId<HTMLButtonElement>('amount-button'), '/quote', {
    amount: amountInput.value.trim(),
  })
})

payForm.addEventListener('submit', (event) => {
  event.preventDefault()
  status.textContent = 'Processing payment…'
  const value = (id: string) => byId<HTMLInputElement>(id).value
  void submit(payForm, payButton, '/pay', {
    cardNumber: value('card-number'),
    expiry: value('expiry'),
    cvc: value('cvc'),
  })
})

closeButton.addEventListener('click', () => window.close())

render()
