import type { ViewData, ViewName } from '@portico/core'
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AccountView } from './account/feature.js'
import { useAccountView } from './account/useAccountView.js'
import {
  ApproveTransactionView,
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtpView,
  UpdateEmailWalletView,
} from './auth/feature.js'
import { useApproveTransactionView } from './auth/useApproveTransactionView.js'
import { useEmailVerifyDeviceView } from './auth/useEmailVerifyDeviceView.js'
import { useEmailVerifyOtpView } from './auth/useEmailVerifyOtpView.js'
import { useUpdateEmailView } from './auth/useUpdateEmailView.js'
import { AllWalletsView, ConnectingExternalView, ConnectView } from './connect/feature.js'
import { useAllWalletsView } from './connect/useAllWalletsView.js'
import { useConnectingExternalView } from './connect/useConnectingExternalView.js'
import { useConnectView } from './connect/useConnectView.js'
import { UI_FEATURES } from './features.js'
import { TransactionsView } from './history/feature.js'
import { useTransactionsView } from './history/useTransactionsView.js'
import type { DefaultViewProps, LazyView, ViewProps } from './kit/types.js'
import { Modal } from './modal/Modal.js'
import { RegisterAccountNameSuccessView, RegisterAccountNameView } from './names/feature.js'
import { useRegisterAccountNameSuccessView } from './names/useRegisterAccountNameSuccessView.js'
import { useRegisterAccountNameView } from './names/useRegisterAccountNameView.js'
import { NetworksView, UnsupportedChainView } from './network/feature.js'
import { useNetworksView } from './network/useNetworksView.js'
import { useUnsupportedChainView } from './network/useUnsupportedChainView.js'
import { OnRampActivityView, OnRampBuyView, OnRampProvidersView } from './onramp/feature.js'
import { useOnRampActivityView } from './onramp/useOnRampActivityView.js'
import { useOnRampBuyView } from './onramp/useOnRampBuyView.js'
import { useOnRampProvidersView } from './onramp/useOnRampProvidersView.js'
import { WalletReceiveView } from './receive/feature.js'
import { useWalletReceiveView } from './receive/useWalletReceiveView.js'
import { WalletSendPreviewView, WalletSendSelectTokenView, WalletSendView } from './send/feature.js'
import { useWalletSendPreviewView } from './send/useWalletSendPreviewView.js'
import { useWalletSendSelectTokenView } from './send/useWalletSendSelectTokenView.js'
import { useWalletSendView } from './send/useWalletSendView.js'
import { ConnectingSiweView, SiwxSignMessageView } from './siwx/feature.js'
import { useSiwxSignMessageView } from './siwx/useSiwxSignMessageView.js'
import { SwapPreviewView, SwapSelectTokenView, SwapView } from './swap/feature.js'
import { useSwapPreviewView } from './swap/useSwapPreviewView.js'
import { useSwapSelectTokenView } from './swap/useSwapSelectTokenView.js'
import { useSwapView } from './swap/useSwapView.js'
import { renderWithClient } from './test/render.js'
import { ConnectingWalletConnectView } from './walletconnect/feature.js'
import { useConnectingWalletConnectView } from './walletconnect/useConnectingWalletConnectView.js'

type Case = {
  name: ViewName
  // biome-ignore lint/suspicious/noExplicitAny: each view has its own state
  View: LazyView<DefaultViewProps<any>>
  useView(props: { data?: ViewData }): object
  data?: ViewData
}

/** Every built-in view with its view-model hook. */
const CASES: Case[] = [
  { name: 'Connect', View: ConnectView, useView: useConnectView },
  { name: 'AllWallets', View: AllWalletsView, useView: useAllWalletsView },
  {
    name: 'ConnectingExternal',
    View: ConnectingExternalView,
    useView: useConnectingExternalView,
    data: { connectorId: 'missing' },
  },
  {
    name: 'ConnectingWalletConnect',
    View: ConnectingWalletConnectView,
    useView: useConnectingWalletConnectView,
  },
  { name: 'Account', View: AccountView, useView: useAccountView },
  { name: 'Networks', View: NetworksView, useView: useNetworksView },
  { name: 'UnsupportedChain', View: UnsupportedChainView, useView: useUnsupportedChainView },
  { name: 'WalletSend', View: WalletSendView, useView: useWalletSendView },
  {
    name: 'WalletSendSelectToken',
    View: WalletSendSelectTokenView,
    useView: useWalletSendSelectTokenView,
  },
  { name: 'WalletSendPreview', View: WalletSendPreviewView, useView: useWalletSendPreviewView },
  { name: 'Swap', View: SwapView, useView: useSwapView },
  {
    name: 'SwapSelectToken',
    View: SwapSelectTokenView,
    useView: useSwapSelectTokenView,
    data: { side: 'target' },
  },
  { name: 'SwapPreview', View: SwapPreviewView, useView: useSwapPreviewView },
  { name: 'WalletReceive', View: WalletReceiveView, useView: useWalletReceiveView },
  { name: 'Transactions', View: TransactionsView, useView: useTransactionsView },
  {
    name: 'RegisterAccountName',
    View: RegisterAccountNameView,
    useView: useRegisterAccountNameView,
  },
  {
    name: 'RegisterAccountNameSuccess',
    View: RegisterAccountNameSuccessView,
    useView: useRegisterAccountNameSuccessView,
    data: { name: 'alice.reown.id' },
  },
  { name: 'SIWXSignMessage', View: SiwxSignMessageView, useView: useSiwxSignMessageView },
  { name: 'ConnectingSiwe', View: ConnectingSiweView, useView: useSiwxSignMessageView },
  { name: 'EmailVerifyOtp', View: EmailVerifyOtpView, useView: useEmailVerifyOtpView },
  { name: 'EmailVerifyDevice', View: EmailVerifyDeviceView, useView: useEmailVerifyDeviceView },
  {
    name: 'ApproveTransaction',
    View: ApproveTransactionView,
    useView: ({ data }) => useApproveTransactionView(data),
    data: { method: 'eth_sendTransaction' },
  },
  {
    name: 'UpdateEmailWallet',
    View: UpdateEmailWalletView,
    useView: () => useUpdateEmailView('email'),
  },
  {
    name: 'UpdateEmailPrimaryOtp',
    View: UpdateEmailPrimaryOtpView,
    useView: () => useUpdateEmailView('primary'),
  },
  {
    name: 'UpdateEmailSecondaryOtp',
    View: UpdateEmailSecondaryOtpView,
    useView: () => useUpdateEmailView('secondary'),
  },
  { name: 'OnRampBuy', View: OnRampBuyView, useView: useOnRampBuyView },
  { name: 'OnRampProviders', View: OnRampProvidersView, useView: useOnRampProvidersView },
  { name: 'OnRampActivity', View: OnRampActivityView, useView: useOnRampActivityView },
]

/** A state without its functions (their identities differ between two hook calls). */
function values(state: object) {
  return JSON.parse(JSON.stringify(state, (_key, value) => (value === undefined ? null : value)))
}

// The case under test and what its render prop and its hook gave.
let current: Case = CASES[0]!
const seen: { prop?: object; hook?: object } = {}

function Probe({ data }: ViewProps) {
  seen.hook = current.useView({ data })
  return null
}

function WithRenderProp(props: ViewProps) {
  const { View } = current
  return (
    <View {...props}>
      {(state: object) => {
        seen.prop = state
        return (
          <>
            <p>My own {props.view}</p>
            <Probe {...props} />
          </>
        )
      }}
    </View>
  )
}

function Mine({ view, data }: ViewProps) {
  return (
    <p>
      App view {view} with {JSON.stringify(data ?? null)}
    </p>
  )
}

describe('every view: a view-model hook, default markup, a render prop, and replacement', () => {
  it('covers the 28 views the features draw', () => {
    const drawn = UI_FEATURES.flatMap((feature) => Object.keys(feature.views ?? {})).sort()
    expect(CASES.map((c) => c.name).sort()).toEqual(drawn)
    expect(drawn).toHaveLength(28)
    for (const { name, View } of CASES) {
      expect(
        UI_FEATURES.some((feature) => feature.views?.[name] === View),
        name,
      ).toBe(true)
    }
  })

  for (const testCase of CASES) {
    const { name, data } = testCase
    it(`${name}: the render prop receives the state of its hook, in place of the markup`, () => {
      current = testCase
      seen.prop = undefined
      seen.hook = undefined
      const { client } = renderWithClient(<Modal views={{ [name]: WithRenderProp }} />)
      act(() => client.modal.open({ view: name, data }))
      screen.getByText(`My own ${name}`)
      expect(seen.prop).toBeDefined()
      expect(Object.keys(seen.prop!).sort()).toEqual(Object.keys(seen.hook!).sort())
      expect(values(seen.prop!)).toEqual(values(seen.hook!))
    })

    it(`${name}: views={{ ${name} }} replaces it`, () => {
      const { client } = renderWithClient(<Modal views={{ [name]: Mine }} />)
      act(() => client.modal.open({ view: name, data }))
      screen.getByText(`App view ${name} with ${JSON.stringify(data ?? null)}`)
      expect(document.querySelector('[data-portico-body]')?.children).toHaveLength(1)
    })
  }
})
