import type { ChainNamespace, PorticoClient, ViewName } from '@portico/core'
import type { LoadedLocale } from './locales.js'
import type { MessageTable, Text, TranslationOf } from './text.js'
import type { LazyView } from './types.js'

/**
 * A feature's texts: the English table, built in, and a loader per other shipped language (each a
 * separate module, fetched only when that language is used). A translation must have exactly the
 * English keys (the compiler checks it) and the same placeholders (a test checks it).
 */
export type FeatureMessages<T extends MessageTable> = { readonly en: T } & {
  readonly [L in LoadedLocale]: () => Promise<{ default: TranslationOf<T> }>
}

/** What decides whether an account action is offered. */
export type AccountActionContext = {
  client: PorticoClient
  namespace: ChainNamespace
  profileName: string | undefined
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
export type UiFeature<T extends MessageTable = MessageTable> = {
  /** A name for error messages and tests; usually the core feature it draws. */
  readonly name: string
  readonly messages: FeatureMessages<T>
  /** The views it draws, by view name; `<Modal views>` replaces any of them. */
  readonly views?: Readonly<Partial<Record<ViewName, LazyView>>>
  /** Views to fetch when the browser is idle after one of these views shows (where it leads). */
  readonly prefetch?: Readonly<Partial<Record<ViewName, readonly ViewName[]>>>
  readonly accountActions?: readonly AccountAction<Extract<keyof T, string>>[]
}

/** Declares a UI feature; the English table's keys type the feature's action labels. */
export function defineUiFeature<const T extends MessageTable>(feature: UiFeature<T>): UiFeature<T> {
  return feature
}

/** The keys of a feature list's texts. */
export type MessageKeyOf<Features extends readonly UiFeature[]> = Features[number] extends infer F
  ? F extends UiFeature<infer T>
    ? Extract<keyof T, string>
    : never
  : never

/** Every key of a feature list, each with any text: what `<PorticoProvider messages>` takes. */
export type MessagesOf<Features extends readonly UiFeature[]> = {
  -readonly [K in MessageKeyOf<Features>]: Text
}
