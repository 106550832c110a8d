// The pieces the default views share (a search box, a token of a picker, an error under a
// field). One module on purpose: a bundler puts code that several lazily loaded
// views import into a file of its own, so these come in one request, whichever view needs them.
import type { InputHTMLAttributes, ReactNode } from 'react'
import { WalletIcon } from '../components/WalletIcon.js'

/** Props of `SearchField`: the input's own, and its label (also its placeholder). */
export type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & {
  label: string
  value: string
  onValueChange(value: string): void
}

/** The search box of a list view (wallets, tokens): a labelled search input. */
export function SearchField({ label, onValueChange, ...input }: SearchFieldProps) {
  return (
    <label data-portico-search="">
      <span data-portico-visually-hidden="">{label}</span>
      <input
        type="search"
        placeholder={label}
        {...input}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </label>
  )
}

/** Props of `TokenOption`: what a token picker shows of one token. */
export type TokenOptionProps = {
  symbol: string
  name: string
  /** The token's logo; its initials without one. */
  iconUrl: string | undefined
  /** The formatted balance, when there is one to show. */
  amount?: string | undefined
  select(): void
}

/** A token of a token picker (send, swap): its logo, name, symbol and balance. */
export function TokenOption({ symbol, name, iconUrl, amount, select }: TokenOptionProps) {
  return (
    <button type="button" data-portico-wallet="" aria-label={symbol} onClick={select}>
      <WalletIcon src={iconUrl || undefined} name={symbol} size={32} />
      <span data-portico-wallet-name="">
        {name} <span data-portico-muted="">{symbol}</span>
      </span>
      {amount === undefined ? null : <span dir="ltr">{amount}</span>}
    </button>
  )
}

/**
 * An error, announced: what a field or the form's last attempt got wrong; nothing without
 * `children`. Under a field, `field` is the field's id, which `describedBy` points the field to.
 */
export function ErrorText({ field, children }: { field?: string; children: ReactNode }) {
  return children ? (
    <p id={field && `${field}-error`} role="alert" data-portico-error="">
      {children}
    </p>
  ) : null
}

/** The attributes that tie a field to its `ErrorText` while the field has an error. */
export function describedBy(field: string, invalid: unknown) {
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${field}-error` : undefined,
  } as const
}
