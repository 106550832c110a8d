import type { ReadableAtom } from 'nanostores'
import { describe, expectTypeOf, it } from 'vitest'
import type { AccountState } from '../account/index.js'
import type { PreparedTransfer } from '../adapters/index.js'
import type { CaipAddress, ChainNamespace } from '../caip/index.js'
import type {
  ConnectErrorType,
  ConnectionStatus,
  ConnectParameters,
  ConnectReturnType,
  DisconnectErrorType,
  DisconnectParameters,
  SwitchNetworkErrorType,
} from '../connection/index.js'
import type { PorticoError } from '../errors/index.js'
import type { AsyncState } from '../kernel/index.js'
import type { NameProfile, RegisterNameErrorType, ResolveNameErrorType } from '../names/index.js'
import type { OnrampBuyErrorType, OnrampPurchase } from '../onramp/index.js'
import type { PorticoNetwork, ResolvedOptions } from '../options/index.js'
import type { SendErrorType, SendPreviewErrorType, SendState } from '../send/index.js'
import type { SiwxSession, SiwxSignInErrorType } from '../siwx/index.js'
import type {
  SwapErrorType,
  SwapFormErrorType,
  SwapPreview,
  SwapPreviewErrorType,
} from '../swap/index.js'
import type { WalletsConnectErrorType } from '../wallets/index.js'
import { createPortico, type PorticoClient, type PorticoOptions } from './createPortico.js'

declare const mainnet: PorticoNetwork
const client = createPortico({ projectId: 'p', networks: [mainnet] })

/** The value type a store holds. */
type ValueOf<S> = S extends ReadableAtom<infer V> ? V : never

describe('createPortico', () => {
  it('takes the options of every feature and returns the client', () => {
    expectTypeOf(createPortico).parameter(0).toEqualTypeOf<PorticoOptions>()
    expectTypeOf(client).toEqualTypeOf<PorticoClient>()
    expectTypeOf(client.options).toEqualTypeOf<ResolvedOptions>()
    expectTypeOf(client.destroy).toEqualTypeOf<() => void>()
    // Options are checked: networks are required, a feature's option has its type.
    // @ts-expect-error: networks are required
    createPortico({ projectId: 'p' })
    // @ts-expect-error: ssr is a boolean
    createPortico({ projectId: 'p', networks: [mainnet], ssr: 'yes' })
  })

  it('has every feature under its name, and nothing else', () => {
    expectTypeOf(client).toHaveProperty('connection')
    expectTypeOf(client).toHaveProperty('send')
    expectTypeOf(client).toHaveProperty('swap')
    expectTypeOf(client).toHaveProperty('onramp')
    expectTypeOf(client).toHaveProperty('names')
    expectTypeOf(client).toHaveProperty('siwx')
    expectTypeOf(client).toHaveProperty('auth')
    expectTypeOf(client).toHaveProperty('account')
    expectTypeOf(client).toHaveProperty('modal')
    expectTypeOf<keyof PorticoClient>().toEqualTypeOf<
      | 'modal'
      | 'alerts'
      | 'toast'
      | 'theme'
      | 'locale'
      | 'requests'
      | 'network'
      | 'connectors'
      | 'connection'
      | 'walletConnect'
      | 'wallet'
      | 'wallets'
      | 'balances'
      | 'identity'
      | 'farcaster'
      | 'auth'
      | 'account'
      | 'history'
      | 'names'
      | 'send'
      | 'swap'
      | 'onramp'
      | 'siwx'
      | 'telemetry'
      | 'options'
      | 'destroy'
    >()
  })

  it('exposes the public part only: a feature’s internals are not on the client', () => {
    // @ts-expect-error: getAdapter is the connection's internal part, for sibling features
    client.connection.getAdapter
    // @ts-expect-error: setSession is siwx's internal part, for tests
    client.siwx.setSession
  })

  it('types the stores’ values', () => {
    expectTypeOf<ValueOf<typeof client.connection.$status>>().toEqualTypeOf<ConnectionStatus>()
    expectTypeOf<ValueOf<typeof client.connection.$address>>().toEqualTypeOf<string | undefined>()
    expectTypeOf<ValueOf<typeof client.connection.$caipAddress>>().toEqualTypeOf<
      CaipAddress | undefined
    >()
    expectTypeOf<ValueOf<typeof client.connection.$error>>().toEqualTypeOf<
      PorticoError | undefined
    >()
    expectTypeOf<ValueOf<typeof client.account.$account>>().toEqualTypeOf<AccountState>()
    expectTypeOf<ValueOf<typeof client.network.$activeNetwork>>().toEqualTypeOf<PorticoNetwork>()
    expectTypeOf<ValueOf<typeof client.network.$activeNamespace>>().toEqualTypeOf<ChainNamespace>()
    expectTypeOf<ValueOf<typeof client.send.$state>>().toEqualTypeOf<SendState>()
    expectTypeOf<ValueOf<typeof client.send.$send>>().toEqualTypeOf<AsyncState<string>>()
    expectTypeOf<ValueOf<typeof client.send.$preview>>().toEqualTypeOf<
      AsyncState<PreparedTransfer>
    >()
    expectTypeOf<ValueOf<typeof client.swap.$preview>>().toEqualTypeOf<AsyncState<SwapPreview>>()
    expectTypeOf<ValueOf<typeof client.names.$registration>>().toEqualTypeOf<AsyncState<string>>()
    expectTypeOf<ValueOf<typeof client.siwx.$signIn>>().toEqualTypeOf<AsyncState<SiwxSession>>()
    // Stores are read-only to the app: only the owning feature writes them.
    expectTypeOf(client.connection.$status).not.toHaveProperty('set')
    expectTypeOf(client.send.$state).not.toHaveProperty('set')
  })

  it('types the actions’ parameters and results', () => {
    expectTypeOf(client.connection.connect).parameters.toEqualTypeOf<[ConnectParameters]>()
    expectTypeOf(client.connection.connect).returns.resolves.toEqualTypeOf<ConnectReturnType>()
    expectTypeOf(client.connection.disconnect).parameters.toEqualTypeOf<
      [parameters?: DisconnectParameters]
    >()
    expectTypeOf(client.connection.disconnect).returns.resolves.toBeVoid()
    expectTypeOf(client.connection.switchNetwork).parameters.toEqualTypeOf<[PorticoNetwork]>()
    expectTypeOf(client.send.setAmount).parameters.toEqualTypeOf<[amount: string]>()
    expectTypeOf(client.send.preview).returns.resolves.toEqualTypeOf<PreparedTransfer>()
    expectTypeOf(client.send.send).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(client.swap.preview).returns.resolves.toEqualTypeOf<SwapPreview>()
    expectTypeOf(client.swap.swap).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(client.onramp.buy).parameters.toEqualTypeOf<[]>()
    expectTypeOf(client.onramp.buy).returns.resolves.toEqualTypeOf<OnrampPurchase>()
    expectTypeOf(client.names.resolveName).returns.resolves.toEqualTypeOf<string | undefined>()
    expectTypeOf(client.names.reverseLookup).returns.resolves.toEqualTypeOf<
      readonly NameProfile[]
    >()
    expectTypeOf(client.siwx.signIn).returns.resolves.toEqualTypeOf<SiwxSession>()
    expectTypeOf(client.auth.verifyOtp).returns.resolves.toEqualTypeOf<ConnectReturnType>()
    // @ts-expect-error: connect needs a connector id
    client.connection.connect({})
  })

  it('names the codes each action rejects with', () => {
    type Codes<E> = E extends PorticoError<infer C> ? C : never
    // Every error type is a PorticoError, narrowed.
    expectTypeOf<ConnectErrorType>().toExtend<PorticoError>()
    expectTypeOf<ConnectErrorType['code']>().toEqualTypeOf<Codes<ConnectErrorType>>()
    // The codes the docs promise are there…
    expectTypeOf<'ABORTED'>().toExtend<ConnectErrorType['code']>()
    expectTypeOf<'WALLET_TIMEOUT'>().toExtend<ConnectErrorType['code']>()
    expectTypeOf<'USER_REJECTED'>().toExtend<ConnectErrorType['code']>()
    expectTypeOf<'MODULE_LOAD_FAILED'>().toExtend<ConnectErrorType['code']>()
    expectTypeOf<'WALLET_TIMEOUT'>().toExtend<SwitchNetworkErrorType['code']>()
    expectTypeOf<'INTERNAL_SDK_ERROR'>().toExtend<DisconnectErrorType['code']>()
    expectTypeOf<'USER_REJECTED'>().toExtend<SendErrorType['code']>()
    expectTypeOf<'SEND_TOKEN_REQUIRED'>().toExtend<SendPreviewErrorType['code']>()
    expectTypeOf<'NAME_RESOLVE_FAILED'>().toExtend<SendPreviewErrorType['code']>()
    expectTypeOf<'SWAP_NETWORK_NOT_SUPPORTED'>().toExtend<SwapPreviewErrorType['code']>()
    expectTypeOf<'WALLET_TIMEOUT'>().toExtend<SwapErrorType['code']>()
    expectTypeOf<'NAME_RESOLVE_FAILED'>().toEqualTypeOf<
      Exclude<ResolveNameErrorType['code'], 'MODULE_LOAD_FAILED' | 'ABORTED'>
    >()
    expectTypeOf<'SIWX_NOT_ENABLED'>().toExtend<SiwxSignInErrorType['code']>()
    expectTypeOf<'ABORTED'>().toExtend<OnrampBuyErrorType['code']>()
    // A listed wallet connects through its extension as `connect` does.
    expectTypeOf<WalletsConnectErrorType>().toEqualTypeOf<ConnectErrorType>()
    // A form setter of the swap only fails to load.
    expectTypeOf<SwapFormErrorType['code']>().toEqualTypeOf<'MODULE_LOAD_FAILED' | 'ABORTED'>()
    // …and no others: a code an action never rejects with does not type-check.
    expectTypeOf<'SIWX_NOT_ENABLED'>().not.toExtend<ConnectErrorType['code']>()
    expectTypeOf<'MODULE_LOAD_FAILED'>().not.toExtend<DisconnectErrorType['code']>()
    expectTypeOf<'USER_REJECTED'>().not.toExtend<SendPreviewErrorType['code']>()
    expectTypeOf<'USER_REJECTED'>().not.toExtend<ResolveNameErrorType['code']>()
    // A narrowed error is still what `$error` and the async states hold.
    expectTypeOf<ConnectErrorType>().toExtend<ValueOf<typeof client.connection.$error>>()
    expectTypeOf<RegisterNameErrorType>().toExtend<
      NonNullable<ValueOf<typeof client.names.$registration>['error']>
    >()
  })

  it('narrows a caught error by its code', async () => {
    try {
      await client.connection.connect({ connectorId: 'io.metamask' })
    } catch (caught) {
      const error = caught as ConnectErrorType
      if (error.code === 'WALLET_TIMEOUT')
        expectTypeOf(error.code).toEqualTypeOf<'WALLET_TIMEOUT'>()
      else expectTypeOf(error.code).toExtend<Exclude<ConnectErrorType['code'], 'WALLET_TIMEOUT'>>()
      // @ts-expect-error: connect never rejects with SIWX_NOT_ENABLED
      if (error.code === 'SIWX_NOT_ENABLED') return
    }
  })
})
