import { browserBundle } from '../../kernel/bundle.js'
import { CARD_STYLES, htmlPage, pageCsp } from '../../kernel/page.js'
import { CHECKOUT_CONFIG_ID, CHECKOUT_SCRIPT_PATH, PROVIDER_LABELS, TEST_CARDS } from './config.js'
import type { OnrampSession } from './onramp.js'

const STYLES = `
main { max-width: 460px; }
label { margin: 8px 0 4px; }
input[aria-invalid="true"] { border-color: #c92a2a; }
button { margin-top: 12px; }
button.primary { background: #1c7ed6; border-color: #1971c2; width: 100%; }
dl { gap: 4px 12px; }
.field-error, #error { color: #c92a2a; font-weight: 600; margin: 4px 0 0; font-size: 13px; }
#status { margin: 0; font-weight: 600; }
ul { margin: 6px 0 0; padding-left: 18px; font-size: 13px; }
`

const groups = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ')

/**
 * The checkout page of one session: static markup, the session as JSON for the script, which
 * renders everything else as text. The provider's name is the only session value in the markup,
 * and it comes from the devnet's own table.
 */
export function checkoutHtml(session: OnrampSession): string {
  const provider = PROVIDER_LABELS[session.provider]
  const cards = Object.entries(TEST_CARDS)
    .map(([number, outcome]) => `<li><code>${groups(number)}</code>: ${outcome}</li>`)
    .join('')
  return htmlPage({
    title: `${provider} checkout (devnet)`,
    head: '<link rel="icon" href="data:,">',
    styles: `${CARD_STYLES}${STYLES}`,
    config: { id: CHECKOUT_CONFIG_ID, value: session },
    script: CHECKOUT_SCRIPT_PATH,
    body: `<main>
  <h1 id="title">${provider} checkout (devnet)</h1>
  <p id="status" role="status" aria-live="polite">Loading…</p>
  <p id="error" role="alert" hidden></p>
  <section aria-labelledby="order-title">
    <h2 id="order-title">Order</h2>
    <dl id="order"></dl>
  </section>
  <section id="amount-section" aria-labelledby="amount-title" hidden>
    <h2 id="amount-title">Amount</h2>
    <form id="amount-form" novalidate>
      <label for="amount" id="amount-label">Amount</label>
      <input id="amount" name="amount" type="text" inputmode="decimal" autocomplete="off" aria-describedby="amount-error">
      <p id="amount-error" class="field-error" hidden></p>
      <button id="amount-button" type="submit">Get quote</button>
    </form>
  </section>
  <section id="pay-section" aria-labelledby="pay-title" hidden>
    <h2 id="pay-title">Pay by card</h2>
    <form id="pay-form" novalidate>
      <label for="card-number">Card number</label>
      <input id="card-number" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-number-error">
      <p id="card-number-error" class="field-error" hidden></p>
      <label for="expiry">Expiry date (MM/YY)</label>
      <input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" aria-describedby="expiry-error">
      <p id="expiry-error" class="field-error" hidden></p>
      <label for="cvc">Security code (CVC)</label>
      <input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" aria-describedby="cvc-error">
      <p id="cvc-error" class="field-error" hidden></p>
      <button id="pay-button" type="submit" class="primary">Pay</button>
    </form>
    <details>
      <summary>Test cards</summary>
      <ul>${cards}</ul>
      <p>Any future expiry date and any 3-digit security code. Nothing is charged.</p>
    </details>
  </section>
  <section id="result" aria-labelledby="result-title" hidden>
    <h2 id="result-title">Purchase</h2>
    <dl id="result-details"></dl>
    <p id="close-hint">You can close this window.</p>
    <button id="close-button" type="button" hidden>Close window</button>
  </section>
</main>`,
  })
}

/** The page may run its own script and talk to its own server, nothing else. */
export const CHECKOUT_CSP = pageCsp({ img: "'self' data:", connect: [] })

/**
 * The page's script, `app.ts` bundled for the browser on first request (a few tens of
 * milliseconds, a few KB) and kept in memory, so starting a devnet costs nothing.
 */
export const checkoutBundle = browserBundle('checkout', () => new URL('./app.ts', import.meta.url))
