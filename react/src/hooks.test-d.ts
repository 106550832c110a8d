import type {
  AsyncState,
  AsyncStatus,
  CaipAddress,
  ChainNamespace,
  ConnectedWalletInfo,
  ConnectionStatus,
  Connector,
  ConnectParameters,
  ConnectReturnType,
  DisconnectParameters,
  EmailLoginOutcome,
  NativeBalanceState,
  OnrampPurchase,
  PorticoClient,
  PorticoError,
  PorticoNetwork,
  PreparedTransfer,
  SendErrors,
  SiwxSession,
  SiwxSessionInfo,
  SwapPreview,
  SwapQuote,
  TokenBalance,
  ViewName,
} from '@portico/core'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type QueryResult,
  type UseAccountReturnType,
  type UseConnectReturnType,
  type UseSendTokenReturnType,
  useAccount,
  useBalance,
  useConnect,
  useDisconnect,
  useEmailLogin,
  useModal,
  useNetwork,
  useOnramp,
  usePortico,
  useRegisterName,
  useSendToken,
  useSiwx,
  useSwap,
  useTokenBalances,
  useWalletInfo,
} from './index.js'

// The hooks as an app calls them, in a component: type tests, never run.
describe('@portico/react hooks', () => {
  it('usePortico: the core client', () => {
    expectTypeOf(usePortico()).toEqualTypeOf<PorticoClient>()
  })

  it('useAccount: the account, each field typed, nothing to call', () => {
    const account = useAccount()
    expectTypeOf(account).toEqualTypeOf<UseAccountReturnType>()
    expectTypeOf(account.address).toEqualTypeOf<string | undefined>()
    expectTypeOf(account.caipAddress).toEqualTypeOf<CaipAddress | undefined>()
    expectTypeOf(account.status).toEqualTypeOf<ConnectionStatus>()
    expectTypeOf(account.isConnected).toEqualTypeOf<boolean>()
    expectTypeOf(account.namespace).toEqualTypeOf<ChainNamespace>()
    expectTypeOf(account.explorerUrl).toEqualTypeOf<string | undefined>()
  })

  it('useConnect and useWalletInfo: connect, its state, the list of wallets', () => {
    const connect = useConnect()
    expectTypeOf(connect).toEqualTypeOf<UseConnectReturnType>()
    expectTypeOf(connect.status).toEqualTypeOf<AsyncStatus>()
    expectTypeOf(connect.error).toEqualTypeOf<PorticoError | undefined>()
    expectTypeOf(connect.connect).parameters.toEqualTypeOf<[ConnectParameters]>()
    expectTypeOf(connect.connect).returns.resolves.toEqualTypeOf<ConnectReturnType>()
    expectTypeOf(connect.connectors).toEqualTypeOf<readonly Connector[]>()
    expectTypeOf(connect.connectingId).toEqualTypeOf<string | undefined>()
    expectTypeOf(connect.reset).toEqualTypeOf<() => void>()
    expectTypeOf(useWalletInfo().walletInfo).toEqualTypeOf<ConnectedWalletInfo | undefined>()
  })

  it('useDisconnect and useNetwork: an async state and the action', () => {
    const disconnect = useDisconnect()
    expectTypeOf(disconnect).toExtend<AsyncState<void>>()
    expectTypeOf(disconnect.disconnect).parameters.toEqualTypeOf<
      [parameters?: DisconnectParameters]
    >()
    expectTypeOf(disconnect.disconnect).returns.resolves.toBeVoid()
    const network = useNetwork()
    expectTypeOf(network).toExtend<AsyncState<void>>()
    expectTypeOf(network.network).toEqualTypeOf<PorticoNetwork>()
    expectTypeOf(network.networks).toEqualTypeOf<readonly PorticoNetwork[]>()
    expectTypeOf(network.switchNetwork).parameters.toEqualTypeOf<[PorticoNetwork]>()
    expectTypeOf(network.switchingTo).toEqualTypeOf<PorticoNetwork | undefined>()
  })

  it('useBalance and useTokenBalances: queries with refetch', () => {
    expectTypeOf(useBalance()).toEqualTypeOf<QueryResult<NativeBalanceState>>()
    expectTypeOf(useBalance().data).toEqualTypeOf<NativeBalanceState | undefined>()
    expectTypeOf(useBalance().refetch).returns.toEqualTypeOf<Promise<unknown>>()
    const tokens = useTokenBalances()
    expectTypeOf(tokens).toExtend<QueryResult<readonly TokenBalance[]>>()
    expectTypeOf(tokens.tokens).toEqualTypeOf<readonly TokenBalance[]>()
  })

  it('useSendToken: the form, its checks, the preview and the send', () => {
    const send = useSendToken()
    expectTypeOf(send).toEqualTypeOf<UseSendTokenReturnType>()
    // The send's async state: `data` is the hash.
    expectTypeOf(send).toExtend<AsyncState<string>>()
    expectTypeOf(send.data).toEqualTypeOf<string | undefined>()
    expectTypeOf(send.amount).toEqualTypeOf<string>()
    expectTypeOf(send.errors).toEqualTypeOf<SendErrors>()
    expectTypeOf(send.tokens).toEqualTypeOf<readonly TokenBalance[]>()
    expectTypeOf(send.previewState).toEqualTypeOf<AsyncState<PreparedTransfer>>()
    expectTypeOf(send.setAmount).parameters.toEqualTypeOf<[amount: string]>()
    expectTypeOf(send.preview).returns.resolves.toEqualTypeOf<PreparedTransfer>()
    expectTypeOf(send.send).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(send.confirm).returns.resolves.toEqualTypeOf<string>()
  })

  it('useSwap: the form, the quote, the review and the transactions', () => {
    const swap = useSwap()
    expectTypeOf(swap).toExtend<AsyncState<string>>()
    expectTypeOf(swap.isSupported).toEqualTypeOf<boolean>()
    expectTypeOf(swap.quote).toEqualTypeOf<SwapQuote | undefined>()
    expectTypeOf(swap.quoteState).toEqualTypeOf<AsyncState<SwapQuote>>()
    expectTypeOf(swap.previewState).toEqualTypeOf<AsyncState<SwapPreview>>()
    expectTypeOf(swap.approveState).toEqualTypeOf<AsyncState<string>>()
    expectTypeOf(swap.confirm).returns.resolves.toEqualTypeOf<string>()
  })

  it('useRegisterName, useSiwx, useOnramp, useEmailLogin: the actions’ results', () => {
    const register = useRegisterName()
    expectTypeOf(register).toExtend<AsyncState<string>>()
    expectTypeOf(register.register).returns.resolves.toEqualTypeOf<string>()
    const siwx = useSiwx()
    expectTypeOf(siwx).toExtend<AsyncState<SiwxSession>>()
    expectTypeOf(siwx.session).toEqualTypeOf<SiwxSessionInfo | undefined>()
    expectTypeOf(siwx.signIn).returns.resolves.toEqualTypeOf<SiwxSession>()
    expectTypeOf(siwx.signOut).returns.resolves.toBeVoid()
    const onramp = useOnramp()
    expectTypeOf(onramp).toExtend<AsyncState<OnrampPurchase>>()
    const login = useEmailLogin()
    expectTypeOf(login.connectEmail).returns.resolves.toEqualTypeOf<EmailLoginOutcome>()
  })

  it('useModal: where the modal is', () => {
    const modal = useModal()
    expectTypeOf(modal.isOpen).toEqualTypeOf<boolean>()
    expectTypeOf(modal.view).toEqualTypeOf<ViewName>()
  })
})
