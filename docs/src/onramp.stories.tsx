import { useAccount, useModal, useOnramp } from '@portico/react'
import { ConnectButton, Modal } from '@portico/ui-kit'
import { Example, Live, Prose } from './LiveClient.js'

export default { title: 'Buy crypto (on-ramp)' }

/** A custom order form on `useOnramp()`: the same state the built-in OnRampBuy view uses. */
function BuyDemo() {
  const { status: connection } = useAccount()
  const onramp = useOnramp()
  const { form, quote, phase, error, data } = onramp
  if (connection !== 'connected') return <p>Connect the Devnet Wallet first.</p>
  if (!form) return <p>Loading the on-ramp…</p>
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        // In the submit handler: the provider window opens within the click.
        onramp.buy().catch(() => undefined)
      }}
    >
      <label>
        Asset{' '}
        <select value={form.asset?.id ?? ''} onChange={(e) => onramp.setAsset(e.target.value)}>
          {form.assets.map((asset) => (
            <option key={asset.id} value={asset.id}>
              {asset.symbol}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Amount ({form.paymentCurrency?.id}){' '}
        <input
          value={form.amount}
          inputMode="decimal"
          onChange={(e) => onramp.setAmount(e.target.value)}
        />
      </label>{' '}
      {form.limits ? (
        <small>
          {form.limits.min}–{form.limits.max} {form.paymentCurrency?.id} by {form.limits.id}
        </small>
      ) : null}
      {form.errors.amount ? <p role="alert">{form.errors.amount.key}</p> : null}
      {quote.data ? (
        <p>
          You receive {quote.data.purchaseAmount.amount || '?'} {quote.data.purchaseAmount.currency}{' '}
          (fee {quote.data.coinbaseFee.amount}, network {quote.data.networkFee.amount})
          {quote.data.isEstimate ? ' — an estimate' : ''}
        </p>
      ) : null}
      <button type="submit" disabled={onramp.isPending}>
        Buy with {form.provider?.name ?? '…'}
      </button>
      <p role="status">
        {phase}
        {data ? `: ${data.amount} ${data.asset} in ${data.hash}` : ''}
        {error ? `: ${error.message}` : ''}
      </p>
    </form>
  )
}

function OpenBuyView() {
  const { open } = useModal()
  const { status } = useAccount()
  return (
    <button
      type="button"
      disabled={status !== 'connected'}
      onClick={() => open({ view: 'OnRampBuy' })}
    >
      Open the Buy view
    </button>
  )
}

export const BuyCrypto = () => (
  <Live>
    <Prose>
      <h1>Buy crypto</h1>
      <p>
        Users without tokens buy some with a card or a bank account through a provider (Coinbase for
        EVM chains, Meld for EVM chains and Solana, each charging 1–2 %). The Account view offers{' '}
        <strong>Buy</strong> first (wallet feature order: onramp, swaps, receive, send); turn it off
        with <code>features: {'{ onramp: false }'}</code>.
      </p>
      <p>
        <code>useOnramp()</code> returns the purchase in the async shape (<code>status</code>,{' '}
        <code>data</code>, <code>error</code>, <code>isPending</code>, plus <code>phase</code>:
        opening, waiting, processing, success, error), the <code>options</code> (the service's, or
        the built-in USDC and ETH on chains 1 and 137 with <code>isFallback</code> when it fails),
        the <code>form</code> (assets on the active network, payment currencies and methods with
        their limits: card 10.00–7500.00, ACH 10.00–25000.00 by default), the debounced{' '}
        <code>quote</code> (<code>data.isEstimate</code> when the quote call failed: tell the user),
        the <code>providers</code> (none in restricted time zones, configurable with{' '}
        <code>onramp.restrictedTimeZones</code>), and the actions <code>setAsset</code>,{' '}
        <code>setPaymentCurrency</code>, <code>setPaymentMethod</code>, <code>setAmount</code>,{' '}
        <code>setProvider</code>, <code>buy</code>, <code>cancel</code>, <code>reset</code>,{' '}
        <code>refetch</code>.
      </p>
      <p>
        Call <code>buy()</code> in the click: it opens the provider window before anything is
        awaited (popup blockers), then follows the purchase by reading the on-ramp history (the
        provider's status) every 4 s for up to 3 minutes, and at once when the provider page says it
        is done (its origin and window checked): the page's word alone never ends a purchase as
        bought. Balances and history refresh after. The on-ramp's code loads on first use.
      </p>
      <p>
        The provider window is sent only to a checkout on an allowed origin, compared exactly:
        Coinbase's <code>https://pay.coinbase.com</code> and Meld's{' '}
        <code>https://meldcrypto.com</code> are built in, the origin of your{' '}
        <code>onramp.meldUrl</code> counts, and you add others with{' '}
        <code>{"onramp: { checkoutOrigins: ['https://checkout.example'] }"}</code>. A checkout URL
        on any other origin (<code>https://pay.coinbase.com.evil.example</code>) is refused: the
        purchase ends with the message <code>onramp.checkoutRefused</code> and nothing opens there.
        On the devnet, pass <code>onramp</code> from <code>virtual:portico-devnet</code>.
      </p>
      <p>
        The views <code>OnRampBuy</code>, <code>OnRampProviders</code> and{' '}
        <code>OnRampActivity</code> take a render prop and can be replaced with{' '}
        <code>{'<Modal views={{ OnRampBuy: MyBuy }} />'}</code>; their state comes from{' '}
        <code>useOnRampBuyView()</code> and friends in <code>@portico/ui-kit/views</code>.
      </p>
      <p>
        On the devnet the checkout takes test cards: 4242 4242 4242 4242 succeeds (the tokens are
        minted to the wallet), 4000 0000 0000 0002 is declined, 4000 0000 0000 0085 stays
        processing.
      </p>
      <Example>
        <ConnectButton /> <OpenBuyView />
        <BuyDemo />
        <Modal />
      </Example>
    </Prose>
  </Live>
)
