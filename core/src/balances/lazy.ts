import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'
import type { AsyncState } from '../kernel/async.js'
import type { LazyContext } from '../kernel/feature.js'
import { type HeldBy, held } from './held.js'
import { createNativeBalances, type NativeValue } from './native.js'
import type { BalancesHalf, BalancesShell } from './parts.js'
import { createTokenBalances, type TokenStatus } from './tokens.js'
import type { BalanceFields, NativeBalanceState, TokenBalance } from './types.js'

/**
 * The balances' heavy half: the native balance read from the chain, the token lists from the
 * wallet or the Blockchain API, their caches, and what the shell's stores show. Built the first
 * time a wallet connects or the tokens are shown; from then on it keeps the shell's stores
 * following the active account and chain.
 */
export function createLazy(context: LazyContext, shell: BalancesShell): BalancesHalf {
  const { atom, computed } = context
  const { stores, connection, network } = shell
  const $native = atom<HeldBy<NativeValue>>({})
  const $nativeStatus = atom<HeldBy<TokenStatus>>({})
  const $tokens = atom<HeldBy<readonly TokenBalance[]>>({})
  const $tokenStatus = atom<TokenStatus>({ status: 'idle', error: undefined })
  const $active = connection.$caipAddress
  const $namespace = network.$activeNamespace

  /** Keeps a shell store equal to what the half derives. */
  const show = <T>(source: ReadableAtom<T>, target: WritableAtom<T>) =>
    context.onDestroy(source.subscribe((value) => target.set(value)))

  show(
    computed(
      [$native, $nativeStatus, $namespace, $active],
      (native, statuses, namespace, caipAddress): AsyncState<NativeBalanceState> => {
        const value = held(native[namespace], caipAddress)
        const status = held(statuses[namespace], caipAddress) ?? {
          status: 'idle',
          error: undefined,
        }
        return {
          ...status,
          data: value ? { balance: value.formatted, symbol: value.symbol } : undefined,
          isPending: status.status === 'pending',
        }
      },
    ),
    stores.$nativeBalance,
  )
  show(
    computed(
      [$tokens, $tokenStatus, $namespace, $active],
      (tokens, status, namespace, caipAddress): AsyncState<readonly TokenBalance[]> => ({
        status: status.status,
        data: held(tokens[namespace], caipAddress),
        error: status.error,
        isPending: status.status === 'pending',
      }),
    ),
    stores.$tokenBalances,
  )
  show(
    computed([$native, $tokens, connection.$connections], (native, tokens, connections) => {
      const out: BalanceFields = {}
      for (const [namespace, state] of Object.entries(connections)) {
        const ns = namespace as ChainNamespace
        const value = held(native[ns], state?.caipAddress)
        out[ns] = {
          balance: value?.formatted,
          balanceSymbol: value?.symbol,
          tokenBalance: held(tokens[ns], state?.caipAddress),
        }
      }
      return out
    }),
    stores.$byNamespace,
  )

  const tokens = createTokenBalances(context, shell, $tokens, $tokenStatus)
  return {
    fetchTokenBalances: tokens.fetch,
    followTokens: tokens.follow,
    refreshNativeBalance: createNativeBalances(context, shell, $native, $nativeStatus),
  }
}
