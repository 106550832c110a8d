import { Code } from './Code.js'
import { Prose } from './LiveClient.js'

export default { title: 'Threat model' }

const CSP = `Content-Security-Policy:
  default-src 'self';
  script-src 'self';
  connect-src 'self' https://your-rpc.example https://api.your-portico-host.example;
  frame-src https://secure.your-portico-host.example;   # the secure frame, nothing else
  frame-ancestors 'none'                               # nobody frames your app
Referrer-Policy: strict-origin-when-cross-origin       # not no-referrer: the frame reads your origin`

export const ThreatModel = () => (
  <Prose>
    <h1>Threat model</h1>
    <p>
      Portico moves money on the user's behalf, so it is written as if every network answer, every
      page it opens and every script on the app's page may be hostile. This page says what it
      trusts, what it checks, and what is left to the app.
    </p>

    <h2>What Portico trusts</h2>
    <ul>
      <li>
        <strong>The wallet</strong> the user chose: it holds the keys and shows the last prompt. A
        wallet that lies about what it signs is outside what an SDK can fix.
      </li>
      <li>
        <strong>The chain</strong>, through the RPC the app configured: balances, receipts, token
        decimals and contract code are read from it, not taken from an API.
      </li>
      <li>
        <strong>The browser's word</strong> on origins: <code>event.origin</code>,{' '}
        <code>location.ancestorOrigins</code>, the <code>Origin</code> header.
      </li>
    </ul>

    <h2>What Portico checks</h2>
    <ul>
      <li>
        <strong>APIs.</strong> Every answer is validated before it enters a store; what an API
        proposes to sign (a swap's calldata, an on-ramp's checkout page) is checked against what the
        user reviewed and against allow-lists before the wallet sees it.
      </li>
      <li>
        <strong>Pages and links.</strong> Wallet links and popups go only to https or to schemes and
        origins that are declared; a page cannot declare a payment done by itself.
      </li>
      <li>
        <strong>Storage.</strong> Whatever is read back from localStorage is validated like network
        input; a planted value is dropped, not believed.
      </li>
      <li>
        <strong>The secure frame</strong> (email and social login) keeps the key in its own origin
        and talks only to the window that embeds it, at the exact origin it checked. Its approval is
        built to be read before it is approved:
        <ul>
          <li>
            Approve works only after the approval has been fully on screen and unobscured for a
            second, without a break (IntersectionObserver v2 where the browser has it). A frame made
            transparent, covered, clipped or moved away keeps Approve off.
          </li>
          <li>
            One press decides one request: the next request waits its own second, so a double click
            never approves a queued one.
          </li>
          <li>
            The approval names the app by its verified origin (the name it gives itself is shown
            apart, as a claim), shows the total a transaction can cost (value plus gas times the
            maximum fee), decodes token transfers, approvals and permits with their amounts, shows
            the chain and contract typed data is bound to (with a warning when it is not the active
            network), warns when a sign-in message names another site, shows calldata in full, and
            shows bidi and control characters instead of obeying them.
          </li>
          <li>Theme colours from the app that would make the approval unreadable are ignored.</li>
          <li>
            Sessions are per app origin: another app allowed to embed the frame does not see who is
            signed in here, and cannot sign this app into an account.
          </li>
        </ul>
      </li>
    </ul>

    <h2>What the app must do</h2>
    <ul>
      <li>
        <strong>A Content Security Policy</strong> that keeps foreign scripts off the page: a script
        on the app's page can call every action the app can. Allow the secure frame's origin in{' '}
        <code>frame-src</code> and no other.
      </li>
      <li>
        <strong>Its own server's checks.</strong> A sign-in's session, an order or a purchase is
        real only when the app's server verified it (<code>@portico/server</code> verifies sign-in
        messages and signatures); never trust what the page reports.
      </li>
      <li>
        <strong>Allowed origins</strong> in the project settings: exact origins, as few as possible.
        Each is allowed to embed the secure frame.
      </li>
      <li>
        A referrer policy that still sends the origin (the frame falls back to it where{' '}
        <code>ancestorOrigins</code> is missing).
      </li>
    </ul>
    <Code code={CSP} label="Headers, as an example" />

    <h2>The devnet</h2>
    <p>
      The devnet listens on loopback only, and every server it runs checks that the{' '}
      <code>Host</code> header is this machine's address or <code>localhost</code>, so a DNS name
      rebound to 127.0.0.1 by a site you visit is refused. The chains' JSON-RPC, the Solana RPC, the
      Bitcoin API and the WalletConnect relay answer only pages on loopback (or requests without an{' '}
      <code>Origin</code>, like Node's); anvil itself listens on a private port behind that check.
    </p>
  </Prose>
)
