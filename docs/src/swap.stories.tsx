import { formatAmount } from '@portico/core'
import { usePortico, useSwap } from '@portico/react'
import { Modal, type ViewProps } from '@portico/ui-kit'
import { SwapView } from '@portico/ui-kit/views'
import { useEffect } from 'react'
import { Example, Live, Prose } from './LiveClient.js'

export default { title: 'Swap' }

/** A headless swap form on `useSwap()`: the app's own markup, every rule in core. */
function SwapDemo() {
  const {
    isSupported,
    tokens,
    source,
    target,
    amount,
    quote,
    quoteState,
    errors,
    previewState,
    setSource,
    setTarget,
    setAmount,
    switchTokens,
    setMax,
    preview,
    approve,
    swap,
    status,
    error,
  } = useSwap()
  if (!isSupported) return <p>Connect a wallet on a swap network (the devnet chains are).</p>
  const review = previewState.data
  const pick = (symbol: string) => tokens.tokens.find((token) => token.symbol === symbol)
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <p>
        <label>
          Pay{' '}
          <select
            value={source?.symbol ?? ''}
            onChange={(event) => {
              const token = pick(event.target.value)
              if (token) void setSource(token)
            }}
          >
            {tokens.tokens.map((token) => (
              <option key={token.address}>{token.symbol}</option>
            ))}
          </select>
        </label>{' '}
        <input
          aria-label="Amount"
          value={amount}
          inputMode="decimal"
          onChange={(event) => setAmount(event.target.value)}
        />{' '}
        <button type="button" onClick={() => void setMax().catch(() => undefined)}>
          Max
        </button>{' '}
        <button type="button" onClick={() => void switchTokens()}>
          ⇅
        </button>{' '}
        <label>
          for{' '}
          <select
            value={target?.symbol ?? ''}
            onChange={(event) => {
              const token = pick(event.target.value)
              if (token) void setTarget(token)
            }}
          >
            <option value="">…</option>
            {tokens.tokens.map((token) => (
              <option key={token.address}>{token.symbol}</option>
            ))}
          </select>
        </label>
      </p>
      {errors.amount ? <p role="alert">{errors.amount.key}</p> : null}
      {quoteState.isPending ? <p>Asking the pools…</p> : null}
      {quoteState.error ? <p role="alert">{quoteState.error.message}</p> : null}
      {quote ? (
        <p>
          ≈ {formatAmount(quote.targetAmount, 6)} {quote.target.symbol} (at least{' '}
          {formatAmount(quote.minimumReceived, 6)}), fee{' '}
          {formatAmount(quote.networkFee.formatted, 6)} {quote.networkFee.symbol}
          {quote.needsApproval ? ', approval first' : ''}
        </p>
      ) : null}
      <button type="button" disabled={!quote} onClick={() => void preview().catch(() => undefined)}>
        Review
      </button>{' '}
      {review?.approval ? (
        <button type="button" onClick={() => void approve().catch(() => undefined)}>
          Approve {review.quote.source.symbol}
        </button>
      ) : null}
      {review?.transaction ? (
        <button type="button" onClick={() => void swap().catch(() => undefined)}>
          Swap
        </button>
      ) : null}
      <p>
        Swap: {status}
        {error ? ` (${error.message})` : ''}
      </p>
    </form>
  )
}

export const UseSwap = () => (
  <Live>
    <Prose>
      <h1>useSwap</h1>
      <p>
        Swaps one token for another through the pools of the active chain: on the devnet, real
        Uniswap V2 contracts. Swaps are offered on the networks of the default list (Ethereum,
        Arbitrum, Optimism, zkSync, Base, BNB Chain, Polygon, Gnosis, Avalanche, Fantom, Kaia,
        Aurora) and on those the app adds with <code>swaps: {'{ chainIds }'}</code>; elsewhere{' '}
        <code>isSupported</code> is false. Every transaction the swap API builds is decoded and
        checked against the review before the wallet sees it: a Uniswap V2 Router02 the SDK knows
        (Uniswap&apos;s own on the default networks; the app adds its routers with{' '}
        <code>swaps: {'{ routers: { [chainId]: [address] } }'}</code>, the devnet&apos;s are{' '}
        <code>swap.routers</code>), an approval of exactly the amount for that router, the user as
        recipient, the review&apos;s tokens, amount and minimum. Anything else is refused with{' '}
        <code>SWAP_TRANSACTION_REFUSED</code>; a token whose decimals on chain are not the
        API&apos;s, with <code>TOKEN_DECIMALS_MISMATCH</code>. The slippage tolerance is 1 % unless{' '}
        <code>swaps.slippage</code> or <code>setSlippage</code> says otherwise.
      </p>
      <p>
        <code>useSwap()</code> returns the form (<code>source</code>, <code>target</code>,{' '}
        <code>amount</code>, <code>slippage</code>), <code>tokens</code> (<code>tokens</code> with
        the suggested and popular ones first, <code>myTokens</code>, <code>suggested</code>),{' '}
        <code>quote</code> (asked 400 ms after the last change; an answer for an older form is
        dropped) with the rate, price impact, network fee in the native token and in USD, and the
        minimum received; <code>errors</code> (the amount's live checks), <code>previewState</code>,{' '}
        <code>approveState</code>, and the swap's own <code>status</code>, <code>data</code> (the
        hash), <code>error</code> and <code>isPending</code>. Actions: <code>setSource</code>,{' '}
        <code>setTarget</code>, <code>switchTokens</code>, <code>setMax</code> (of the native token,
        what the network fee leaves), <code>setAmount</code>, <code>setSlippage</code>,{' '}
        <code>refreshQuote</code>, <code>preview</code>, <code>approve</code> (when the router may
        not spend enough yet), <code>swap</code> and <code>reset</code>. Both transactions go
        through the connected wallet and are awaited to their receipts; then the balances and the
        activity refresh.
      </p>
      <p>
        The swap code is loaded on first use: a page that never shows a quote or calls an action
        does not download it.
      </p>
      <Example>
        <SwapDemo />
      </Example>
    </Prose>
  </Live>
)

/** Opens the (client-wide) modal on Swap when the page shows. */
function OpenSwap({ views }: { views?: Parameters<typeof Modal>[0]['views'] }) {
  const client = usePortico()
  useEffect(() => {
    client.modal.open({ view: 'Swap' })
  }, [client])
  return <Modal views={views} />
}

export const SwapViews = () => (
  <Live>
    <Prose>
      <h1>Swap, SwapSelectToken, SwapPreview</h1>
      <p>
        The modal's swap: the form with the quote and its fees, the token picker (search; your
        tokens first, then the suggested ones), and the review (what leaves, what arrives, the
        minimum received, the fees, then Approve and Swap). The Account view offers it in the wallet
        feature order (on-ramp, swaps, receive, send) on swap networks only.
      </p>
      <Example>
        <OpenSwap />
      </Example>
    </Prose>
  </Live>
)

/** The built-in Swap view's logic in the app's markup: the render prop gets `useSwapView()`. */
function CompactSwap(props: ViewProps) {
  return (
    <SwapView {...props}>
      {(state) => (
        <p>
          {state.amount || '0'} {state.source?.symbol ?? '?'} →{' '}
          {state.quote ? formatAmount(state.quote.targetAmount, 4) : '…'}{' '}
          {state.target?.symbol ?? '?'}{' '}
          <button type="button" onClick={state.openTargetSelect}>
            Pick the token to receive
          </button>{' '}
          <button type="button" disabled={!state.canReview} onClick={() => void state.review()}>
            Review
          </button>
        </p>
      )}
    </SwapView>
  )
}

export const SwapRenderProp = () => (
  <Live>
    <Prose>
      <h1>Your own Swap markup</h1>
      <p>
        Every swap view takes a <code>children</code> render prop receiving the state of its
        view-model hook (<code>useSwapView</code>, <code>useSwapSelectTokenView</code>,{' '}
        <code>useSwapPreviewView</code>), or is replaced whole with{' '}
        <code>{'<Modal views={{ Swap: MySwap }} />'}</code>.
      </p>
      <Example>
        <OpenSwap views={{ Swap: CompactSwap }} />
      </Example>
    </Prose>
  </Live>
)
