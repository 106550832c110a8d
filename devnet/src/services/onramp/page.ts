import { fileURLToPath } from 'node:url'
import { CHECKOUT_CONFIG_ID, CHECKOUT_SCRIPT_PATH, PROVIDER_LABELS, TEST_CARDS } from './config.js'
import type { OnrampSession } from './onramp.js'

const STYLES = `
* { box-sizing: border-box; }
body { margin: 0; background: #f1f3f5; color: #1a1b1e; font: 15px/1.45 system-ui, sans-serif; }
main { max-width: 460px; margin: 0 auto; padding: 16px; display: grid; gap: 14px; }
h1 { font-size: 20px; margin: 4px 0 0; }
h2 { font-size: 16px; margin: 0 0 8px; }
section { background: #fff; border: 1px solid #dee2e6; border-radius: 12px; padding: 14px; }
[hidden] { display: none !important; }
label { display: block; font-weight: 600; font-size: 13px; margin: 8px 0 4px; }
input { font: inherit; width: 100%; padding: 8px; border: 1px solid #ced4da; border-radius: 8px; }
input[aria-invalid="true"] { border-color: #c92a2a; }
button { font: 600 14px/1 system-ui, sans-serif; padding: 10px 16px; border-radius: 8px; cursor: pointer; border: 1px solid #ced4da; background: #fff; color: #1a1b1e; margin-top: 12px; }
button.primary { background: #1c7ed6; border-color: #1971c2; color: #fff; width: 100%; }
button:disabled { opacity: 0.5; cursor: default; }
:focus-visible { outline: 3px solid #91a7ff; outline-offset: 2px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; font-size: 14px; }
dt { font-weight: 600; color: #495057; }
dd { margin: 0; overflow-wrap: anywhere; }
.field-error, #error { color: #c92a2a; font-weight: 600; margin: 4px 0 0; font-size: 13px; }
#status { margin: 0; font-weight: 600; }
ul { margin: 6px 0 0; padding-left: 18px; font-size: 13px; }
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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${provider} checkout (devnet)</title>
<link rel="icon" href="data:,">
<style>${STYLES}</style>
<script type="application/json" id="${CHECKOUT_CONFIG_ID}">${scriptJson(session)}</script>
<script type="module" src="${CHECKOUT_SCRIPT_PATH}"></script>
</head>
<body>
<main>
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
</main>
</body>
</html>
`
}

/** The page may run its own script and talk to its own server, nothing else. */
export const CHECKOUT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

export type CheckoutBundle = { code: string; bytes: number; buildMs: number }

// One build per process, shared by devnets started side by side.
let cached: Promise<CheckoutBundle> | undefined

/**
 * The page's script, `app.ts` bundled for the browser by esbuild on first request (a few tens
 * of milliseconds, a few KB) and kept in memory, so starting a devnet costs nothing.
 */
export function checkoutBundle(): Promise<CheckoutBundle> {
  cached ??= (async () => {
    const started = performance.now()
    const esbuild = await import('esbuild')
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(new URL('./app.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    })
    const output = result.outputFiles[0]
    if (!output) throw new Error('esbuild produced no checkout bundle')
    return {
      code: output.text,
      bytes: output.contents.byteLength,
      buildMs: Math.round(performance.now() - started),
    }
  })()
  cached.catch(() => {
    cached = undefined
  })
  return cached
}
