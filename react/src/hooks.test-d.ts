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
  ListedWallet,
  NameProfile,
  NameSuggestion,
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
  WalletConnectStatus,
  WalletListing,
  WalletSearch,
} from '@portico/core'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type NameLookupResult,
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
  useNames,
  useNamespaces,
  useNetwork,
  useOnramp,
  usePortico,
  useReceive,
  useRegisterName,
  useSendToken,
  useSiwx,
  useSwap,
  useTokenBalances,
  useWalletConnect,
  useWalletImage,
  useWalletInfo,
  useWallets,
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

  it('useWallets, useWalletImage, useWalletConnect: the async shape of what they load', () => {
    const wallets = useWallets()
    expectTypeOf(wallets).toExtend<AsyncState<readonly WalletListing[]>>()
    expectTypeOf(wallets.data).toEqualTypeOf<readonly WalletListing[] | undefined>()
    expectTypeOf(wallets.status).toEqualTypeOf<AsyncStatus>()
    expectTypeOf(wallets.recommended).toEqualTypeOf<readonly WalletListing[]>()
    expectTypeOf(wallets.search).toEqualTypeOf<WalletSearch>()
    expectTypeOf(wallets.fetchNextPage).returns.resolves.toBeVoid()
    expectTypeOf(wallets).not.toHaveProperty('all')
    const wallet = {} as ListedWallet
    expectTypeOf(useWalletImage(wallet, true)).toEqualTypeOf<AsyncState<string>>()
    const wc = useWalletConnect()
    // The pairing URI's state: `data` is the URI.
    expectTypeOf(wc).toExtend<AsyncState<string>>()
    expectTypeOf(wc.data).toEqualTypeOf<string | undefined>()
    expectTypeOf(wc.connectionStatus).toEqualTypeOf<WalletConnectStatus>()
    expectTypeOf(wc.expiry).toEqualTypeOf<number | undefined>()
    expectTypeOf(wc).not.toHaveProperty('uri')
    expectTypeOf(wc).not.toHaveProperty('buffering')
  })

  it('useNames, useReceive, useNamespaces: the last call’s async state and the actions', () => {
    const names = useNames()
    expectTypeOf(names).toExtend<AsyncState<NameLookupResult>>()
    expectTypeOf(names.resolve).returns.resolves.toEqualTypeOf<string | undefined>()
    expectTypeOf(names.reverse).returns.resolves.toEqualTypeOf<readonly NameProfile[]>()
    expectTypeOf(names.suggestions).returns.resolves.toEqualTypeOf<readonly NameSuggestion[]>()
    expectTypeOf(names.reset).toEqualTypeOf<() => void>()
    const receive = useReceive()
    // The last copy: `data` says whether it was copied.
    expectTypeOf(receive).toExtend<AsyncState<boolean>>()
    expectTypeOf(receive.address).toEqualTypeOf<string | undefined>()
    expectTypeOf(receive.networks).toEqualTypeOf<readonly PorticoNetwork[]>()
    expectTypeOf(receive.copy).returns.resolves.toEqualTypeOf<boolean>()
    const namespaces = useNamespaces()
    // The disconnection's state, as useDisconnect's.
    expectTypeOf(namespaces).toExtend<AsyncState<void>>()
    expectTypeOf(namespaces.namespace).toEqualTypeOf<ChainNamespace>()
    expectTypeOf(namespaces.disconnect).returns.resolves.toBeVoid()
  })
})
