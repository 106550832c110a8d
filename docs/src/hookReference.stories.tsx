// One page per public hook of @portico/react: what it is for, what it returns live on the devnet
// (connect with the button to see it change), and the example's source beside it.
import { HookPage } from './HookPage.js'
import UseAccountExample from './reference/useAccount.js'
import useAccountSource from './reference/useAccount.tsx?raw'
import UseAlertsExample from './reference/useAlerts.js'
import useAlertsSource from './reference/useAlerts.tsx?raw'
import UseBalanceExample from './reference/useBalance.js'
import useBalanceSource from './reference/useBalance.tsx?raw'
import UseConnectExample from './reference/useConnect.js'
import useConnectSource from './reference/useConnect.tsx?raw'
import UseDisconnectExample from './reference/useDisconnect.js'
import useDisconnectSource from './reference/useDisconnect.tsx?raw'
import UseLocaleExample from './reference/useLocale.js'
import useLocaleSource from './reference/useLocale.tsx?raw'
import UseMessageOverridesExample from './reference/useMessageOverrides.js'
import useMessageOverridesSource from './reference/useMessageOverrides.tsx?raw'
import UseModalExample from './reference/useModal.js'
import useModalSource from './reference/useModal.tsx?raw'
import UseNamesExample from './reference/useNames.js'
import useNamesSource from './reference/useNames.tsx?raw'
import UseNetworkExample from './reference/useNetwork.js'
import useNetworkSource from './reference/useNetwork.tsx?raw'
import UsePorticoExample from './reference/usePortico.js'
import usePorticoSource from './reference/usePortico.tsx?raw'
import UseReceiveExample from './reference/useReceive.js'
import useReceiveSource from './reference/useReceive.tsx?raw'
import UseRegisterNameExample from './reference/useRegisterName.js'
import useRegisterNameSource from './reference/useRegisterName.tsx?raw'
import UseSendTokenExample from './reference/useSendToken.js'
import useSendTokenSource from './reference/useSendToken.tsx?raw'
import UseThemeExample from './reference/useTheme.js'
import useThemeSource from './reference/useTheme.tsx?raw'
import UseToastExample from './reference/useToast.js'
import useToastSource from './reference/useToast.tsx?raw'
import UseTokenBalancesExample from './reference/useTokenBalances.js'
import useTokenBalancesSource from './reference/useTokenBalances.tsx?raw'
import UseTransactionHistoryExample from './reference/useTransactionHistory.js'
import useTransactionHistorySource from './reference/useTransactionHistory.tsx?raw'
import UseWalletConnectExample from './reference/useWalletConnect.js'
import useWalletConnectSource from './reference/useWalletConnect.tsx?raw'
import UseWalletImageExample from './reference/useWalletImage.js'
import useWalletImageSource from './reference/useWalletImage.tsx?raw'
import UseWalletInfoExample from './reference/useWalletInfo.js'
import useWalletInfoSource from './reference/useWalletInfo.tsx?raw'
import UseWalletsExample from './reference/useWallets.js'
import useWalletsSource from './reference/useWallets.tsx?raw'

export default { title: 'Hook reference' }

export const UseAccount = () => (
  <HookPage
    name="useAccount"
    summary={
      'The connected account of the active namespace. Never `connected` before the wallet answered. Re-renders only when one of these fields changes.'
    }
    source={useAccountSource}
  >
    <UseAccountExample />
  </HookPage>
)

export const UseReceive = () => (
  <HookPage
    name="useReceive"
    summary={
      'What the user needs to receive tokens: the address, where it works, and a copy action.'
    }
    source={useReceiveSource}
  >
    <UseReceiveExample />
  </HookPage>
)

export const UseAlerts = () => (
  <HookPage
    name="useAlerts"
    summary={'Configuration alerts for the app developer.'}
    source={useAlertsSource}
  >
    <UseAlertsExample />
  </HookPage>
)

export const UseBalance = () => (
  <HookPage
    name="useBalance"
    summary={
      'The native balance of the connected account, read from the chain when it connects, changes account or chain (cached 30 s). `refetch` reads the chain again, skipping the cache.'
    }
    source={useBalanceSource}
  >
    <UseBalanceExample />
  </HookPage>
)

export const UseTokenBalances = () => (
  <HookPage
    name="useTokenBalances"
    summary={
      "The connected account's tokens. Fetched while a component uses them, and again when the account or chain changes; cached 30 s and shared by every component that asks."
    }
    source={useTokenBalancesSource}
  >
    <UseTokenBalancesExample />
  </HookPage>
)

export const UseConnect = () => (
  <HookPage name="useConnect" summary={'Connect a wallet.'} source={useConnectSource}>
    <UseConnectExample />
  </HookPage>
)

export const UseDisconnect = () => (
  <HookPage name="useDisconnect" summary={'Disconnect the wallet.'} source={useDisconnectSource}>
    <UseDisconnectExample />
  </HookPage>
)

export const UseWalletInfo = () => (
  <HookPage
    name="useWalletInfo"
    summary={"The connected wallet's name and icon."}
    source={useWalletInfoSource}
  >
    <UseWalletInfoExample />
  </HookPage>
)

export const UseMessageOverrides = () => (
  <HookPage
    name="useMessageOverrides"
    summary={'The text overrides given to the nearest `PorticoProvider`.'}
    source={useMessageOverridesSource}
  >
    <UseMessageOverridesExample />
  </HookPage>
)

export const UsePortico = () => (
  <HookPage
    name="usePortico"
    summary={'The Portico client of the nearest `PorticoProvider`.'}
    source={usePorticoSource}
  >
    <UsePorticoExample />
  </HookPage>
)

export const UseTransactionHistory = () => (
  <HookPage
    name="useTransactionHistory"
    summary={
      "The connected account's activity; loads while used and when the account or chain changes."
    }
    source={useTransactionHistorySource}
  >
    <UseTransactionHistoryExample />
  </HookPage>
)

export const UseLocale = () => (
  <HookPage
    name="useLocale"
    summary={'The UI language and its writing direction; `setLocale` changes it at run time.'}
    source={useLocaleSource}
  >
    <UseLocaleExample />
  </HookPage>
)

export const UseModal = () => (
  <HookPage
    name="useModal"
    summary={
      "The modal's state and its navigation actions. `prefetch()` fetches the code its first view needs and, for Connect, asks the wallets in the page to announce themselves (no service is asked): call it when the pointer is over your own open button or it has focus, so the click downloads and waits for nothing."
    }
    source={useModalSource}
  >
    <UseModalExample />
  </HookPage>
)

export const UseNames = () => (
  <HookPage
    name="useNames"
    summary={
      'Name lookups (eip155 only), cached 5 minutes; the last lookup as an async state (`status`, `data`, `error`, `isPending`).'
    }
    source={useNamesSource}
  >
    <UseNamesExample />
  </HookPage>
)

export const UseRegisterName = () => (
  <HookPage
    name="useRegisterName"
    summary={'Register a name for the connected account: the wallet signs, the service stores it.'}
    source={useRegisterNameSource}
  >
    <UseRegisterNameExample />
  </HookPage>
)

export const UseNetwork = () => (
  <HookPage
    name="useNetwork"
    summary={"The active network, the app's networks, and switching between them."}
    source={useNetworkSource}
  >
    <UseNetworkExample />
  </HookPage>
)

export const UseSendToken = () => (
  <HookPage
    name="useSendToken"
    summary={'Send the native token or a token: pick, type, preview the fee, send, see the hash.'}
    source={useSendTokenSource}
  >
    <UseSendTokenExample />
  </HookPage>
)

export const UseTheme = () => (
  <HookPage
    name="useTheme"
    summary={'The theme (light or dark, dark by default) and its CSS variables.'}
    source={useThemeSource}
  >
    <UseThemeExample />
  </HookPage>
)

export const UseToast = () => (
  <HookPage
    name="useToast"
    summary={'The toast on screen and the actions that show and hide it.'}
    source={useToastSource}
  >
    <UseToastExample />
  </HookPage>
)

export const UseWalletConnect = () => (
  <HookPage
    name="useWalletConnect"
    summary={
      'WalletConnect pairing: the URI as an async state (`data`, `isPending`, `error`), the session as `connectionStatus`, and deep-link helpers.'
    }
    source={useWalletConnectSource}
  >
    <UseWalletConnectExample />
  </HookPage>
)

export const UseWalletImage = () => (
  <HookPage
    name="useWalletImage"
    summary={
      'The image URL of a listed wallet as an async state (`data`: the URL): its own URL, or its explorer image loaded as an object URL once `visible` (so only wallets on screen are fetched).'
    }
    source={useWalletImageSource}
  >
    <UseWalletImageExample />
  </HookPage>
)

export const UseWallets = () => (
  <HookPage
    name="useWallets"
    summary={
      'The wallet explorer, headless. Loads the recommended and featured wallets when first used (never at page load); pages and search load on demand.'
    }
    source={useWalletsSource}
  >
    <UseWalletsExample />
  </HookPage>
)
