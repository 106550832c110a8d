import { atom, computed, type ReadableAtom } from 'nanostores'
import type { AccountFeature } from '../account/index.js'
import { parseCaipAddress } from '../caip/index.js'
import { userMessages } from '../errors/index.js'
import type { Logger } from '../logger/index.js'
import type { ToastFeature } from '../toast/index.js'
import type { HistoryApi, Transaction } from './api.js'
import { visibleTransactions } from './display.js'

export type HistoryStatus = 'idle' | 'loading' | 'success' | 'error' | 'unsupported'

export type HistoryFeature = {
  /** What the activity list shows for the active account and chain. */
  $transactions: ReadableAtom<readonly Transaction[]>
  $status: ReadableAtom<HistoryStatus>
  $hasMore: ReadableAtom<boolean>
  /** Loads the first page again (after a send, or when the account or chain changed). */
  refresh(): Promise<void>
  /** Loads the page after the last one, following `next`. */
  fetchNextPage(): Promise<void>
}

export function createHistory({
  api,
  account,
  toast,
  logger,
}: {
  api: HistoryApi
  account: AccountFeature
  toast: ToastFeature
  logger: Logger
}): HistoryFeature {
  const $all = atom<readonly Transaction[]>([])
  const $next = atom<string | null>(null)
  const $loadedFor = atom<string | undefined>(undefined)
  const $status = atom<HistoryStatus>('idle')
  let request: Promise<void> | undefined

  const $caipAddress = computed(account.$account, (a) => a.caipAddress)

  async function load(reset: boolean) {
    const namespace = account.$activeNamespace.get()
    const caipAddress = $caipAddress.get()
    // Spec §9: activity exists on eip155 only.
    if (namespace !== 'eip155' || !caipAddress) {
      $all.set([])
      $next.set(null)
      $status.set(namespace !== 'eip155' ? 'unsupported' : 'idle')
      return
    }
    const { namespace: ns, chainId, address } = parseCaipAddress(caipAddress)
    const cursor = reset ? undefined : ($next.get() ?? undefined)
    if (!reset && !cursor) return
    $status.set('loading')
    try {
      const page = await api.getTransactions({
        account: address,
        chainId: `${ns}:${chainId}`,
        cursor,
      })
      if ($caipAddress.get() !== caipAddress) return
      const known = reset ? [] : $all.get()
      const ids = new Set(known.map((t) => t.id))
      $all.set([...known, ...page.data.filter((t) => !ids.has(t.id))])
      $next.set(page.next)
      $loadedFor.set(caipAddress)
      $status.set('success')
    } catch (error) {
      logger.error('could not load the transaction history', error)
      $status.set('error')
      toast.showError(userMessages.FETCH_TRANSACTIONS_FAILED)
    }
  }

  function run(reset: boolean) {
    if (request && !reset) return request
    const current = load(reset).finally(() => {
      if (request === current) request = undefined
    })
    request = current
    return current
  }

  return {
    $transactions: computed([$all, $loadedFor, $caipAddress], (all, loadedFor, caipAddress) => {
      if (!caipAddress || loadedFor !== caipAddress) return []
      const { namespace, chainId } = parseCaipAddress(caipAddress)
      return visibleTransactions(all, `${namespace}:${chainId}`)
    }),
    $status,
    $hasMore: computed($next, (next) => next !== null),
    refresh: () => run(true),
    fetchNextPage: () => run(false),
  }
}
