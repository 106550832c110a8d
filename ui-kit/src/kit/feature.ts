import type {
  CaipNetworkId,
  ChainNamespace,
  PorticoClient,
  ViewName,
  WalletFeature,
} from '@portico/core'
import type { LoadedLocale } from './locales.js'
import type { MessageTable, Text } from './text.js'
import type { LazyView } from './types.js'

/**
 * A feature's texts. English comes in up to three parts, so that the page's first load carries
 * only what it can show before the modal's code arrives:
 * - `page`: the few texts shown outside the open dialog (the buttons that open the modal, the
 *   notifications region, the dialog's loading placeholder), built into the page;
 * - `en`: the rest (view titles, Account actions, toasts, errors and alerts). The feature list
 *   loads with the dialog's code (when the page is idle, or a trigger is hovered or focused), so
 *   every feature's English arrives in that one file;
 * - `en.views.ts`: the texts only its views show, arriving with the views' code.
 *
 * Each other shipped language is one module with every key, fetched only when that language is
 * used. A translation has exactly the English keys, all parts (the compiler checks it), and the
 * same placeholders (a test checks it). `All` is every key, read from the translations' type.
 */
export type FeatureMessages<T extends MessageTable, All = T> = {
  readonly page?: MessageTable
  readonly en: T
} & {
  // Spelled out rather than TranslationOf<All>: with no constraint on All, the compiler infers
  // every key from the translation modules.
  readonly [L in LoadedLocale]: () => Promise<{ default: { readonly [K in keyof All]: Text } }>
}

/** What decides whether an account action is offered. */
export type AccountActionContext = {
  client: PorticoClient
  namespace: ChainNamespace
  /** The network the account is on (CAIP-2): some actions exist on some networks only. */
  chainId: CaipNetworkId
  profileName: string | undefined
}

/**
 * Whether the app offers a wallet feature (onramp, swaps, receive, send) on Account: turned on in
 * `features`, and listed in `walletFeaturesOrder`.
 */
export function walletFeatureOn({ client }: AccountActionContext, feature: WalletFeature): boolean {
  const { features } = client.options
  return features[feature] && features.walletFeaturesOrder.includes(feature)
}

/** A button of the Account view that opens one of the feature's views. */
export type AccountAction<Key extends string = string> = {
  /**
   * Stable id. The ids of wallet features (`onramp`, `swaps`, `receive`, `send`) follow the app's
   * `walletFeaturesOrder`; other actions come after them, in the order of the feature list.
   */
  id: string
  /** The button's text, a key of the feature's messages. */
  label: Key
  view: ViewName
  /** Whether to offer it (the app turned the feature on, the namespace supports it…). */
  isAvailable(context: AccountActionContext): boolean
}

/**
 * A feature of the UI kit: its views (loaded on demand), its texts in every shipped language, and
 * what it adds to the Account view. Registering it is one line in `ui-kit/src/features.ts`.
 */
export type UiFeature<T extends MessageTable = MessageTable, All = T> = {
  /** A name for error messages and tests; usually the core feature it draws. */
  readonly name: string
  readonly messages: FeatureMessages<T, All>
  /** The views it draws, by view name; `<Modal views>` replaces any of them. */
  readonly views?: Readonly<Partial<Record<ViewName, LazyView>>>
  /** Views to fetch when the browser is idle after one of these views shows (where it leads). */
  readonly prefetch?: Readonly<Partial<Record<ViewName, readonly ViewName[]>>>
  readonly accountActions?: readonly AccountAction<Extract<keyof T, string>>[]
}

/** Declares a UI feature; the English table's keys type the feature's action labels. */
export function defineUiFeature<const T extends MessageTable, All = T>(
  feature: UiFeature<T, All>,
): UiFeature<T, All> {
  return feature
}

/** Every key of a feature list's texts, the views' own included (read from the translations). */
export type MessageKeyOf<Features extends readonly UiFeature[]> = Features[number] extends infer F
  ? F extends UiFeature<MessageTable, infer All>
    ? Extract<keyof All, string>
    : never
  : never

/** Every key of a feature list, each with any text: what `<PorticoProvider messages>` takes. */
export type MessagesOf<Features extends readonly UiFeature[]> = {
  -readonly [K in MessageKeyOf<Features>]: Text
}
