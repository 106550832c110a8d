import type { StandardWalletAccount } from '../../connectors/index.js'
import type { AccountType } from '../../options/index.js'
import { isRecord } from '../../storage/validators.js'
import type { AdapterAccount } from '../types.js'
import { isBitcoinAddress } from './address.js'
import { bitcoinReferences } from './chains.js'

/** sats-connect's names for the two kinds of address a Bitcoin wallet gives. */
export type Purpose = 'payment' | 'ordinals'

/** The purposes to ask for: the wanted kind first, the payment address always (it pays fees). */
export function purposesFor(accountType: AccountType | undefined): Purpose[] {
  return accountType === 'ordinal' ? ['ordinals', 'payment'] : ['payment']
}

/** What kind of address an account is: its label says when it can, else taproot means ordinals. */
export function purposeOf(account: { address: string; label?: unknown }): Purpose {
  const label = typeof account.label === 'string' ? account.label.toLowerCase() : ''
  if (label.includes('ordinal')) return 'ordinals'
  if (label.includes('payment')) return 'payment'
  return /^(bc|tb|bcrt)1p/i.test(account.address) ? 'ordinals' : 'payment'
}

const typeOf = (purpose: Purpose): AccountType => (purpose === 'ordinals' ? 'ordinal' : 'payment')

/** Accounts in the order of `purposes` (those of other purposes after them). */
function ordered<T extends { purpose: Purpose }>(accounts: readonly T[], purposes: Purpose[]) {
  const rank = (purpose: Purpose) => {
    const index = purposes.indexOf(purpose)
    return index === -1 ? purposes.length : index
  }
  return [...accounts].sort((a, b) => rank(a.purpose) - rank(b.purpose))
}

/** An account the wallet offers for Bitcoin: a Bitcoin address, on a Bitcoin chain or on none. */
export const isBitcoinAccount = (account: StandardWalletAccount) =>
  isBitcoinAddress(account.address) &&
  (account.chains.length === 0 ||
    account.chains.some((chain) => chain.startsWith('bitcoin:') || chain.startsWith('bip122:')))

/** What Wallet Standard accounts give the connection, the wanted purpose first. */
export function fromStandardAccounts(
  accounts: readonly StandardWalletAccount[],
  purposes: Purpose[],
): AdapterAccount {
  const sorted = ordered(
    accounts.map((account) => ({ account, purpose: purposeOf(account) })),
    purposes,
  )
  const chains = bitcoinReferences(sorted[0]?.account.chains ?? [])
  return {
    addresses: sorted.map(({ account }) => account.address),
    types: sorted.map(({ purpose }) => typeOf(purpose)),
    chainReference: chains[0] ?? 'unknown',
    chains,
  }
}

/** sats-connect addresses (`getAccounts`, `wallet_getAccount`), checked, the wanted purpose first. */
export function fromSatsConnectAddresses(
  addresses: unknown,
  purposes: Purpose[],
  chainReference: string | undefined,
): AdapterAccount {
  const list = Array.isArray(addresses) ? addresses : []
  const accounts = list.flatMap((entry) =>
    isRecord(entry) &&
    typeof entry.address === 'string' &&
    isBitcoinAddress(entry.address) &&
    (entry.purpose === 'payment' || entry.purpose === 'ordinals')
      ? [{ address: entry.address, purpose: entry.purpose as Purpose }]
      : [],
  )
  const sorted = ordered(accounts, purposes)
  return {
    addresses: sorted.map((a) => a.address),
    types: sorted.map((a) => typeOf(a.purpose)),
    chainReference: chainReference ?? 'unknown',
    chains: chainReference ? [chainReference] : [],
  }
}
