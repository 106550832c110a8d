import type { atom, computed, onMount } from 'nanostores'
import type { parseCaipNetworkId } from '../caip/index.js'
import type { PorticoError } from '../errors/index.js'
import type { formatAmount, fractionDigits, parseDecimal } from '../format/index.js'
import type {
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from '../kernel/async.js'
import type { cleanDisplayText, TEXT_LIMITS, toSafeImageUrl } from '../security/index.js'
import type {
  arrayOf,
  caipNetworkId,
  decimalAmount,
  isRecord,
  oneOf,
} from '../storage/validators.js'
import type { openOnrampWindow } from './popup.js'

/**
 * What the on-ramp's code that loads on first use needs from the rest of core, handed over by
 * the feature's shell rather than imported. A module both the first load and a lazy chunk import
 * is moved by bundlers into a chunk of its own, so importing these directly cut the client's
 * first-load code in two files gzipped apart: 2.3 KiB more to download, for nothing. A list, not
 * an object, because the shell pays a couple of bytes an entry instead of each name; `readKit`
 * names them again on the lazy side.
 */
export type OnrampKitList = readonly [
  atom: typeof atom,
  computed: typeof computed,
  onMount: typeof onMount,
  PorticoError: typeof PorticoError,
  idleState: typeof idleState,
  pendingState: typeof pendingState,
  successState: typeof successState,
  errorState: typeof errorState,
  toPorticoError: typeof toPorticoError,
  isRecord: typeof isRecord,
  arrayOf: typeof arrayOf,
  oneOf: typeof oneOf,
  caipNetworkId: typeof caipNetworkId,
  decimalAmount: typeof decimalAmount,
  cleanDisplayText: typeof cleanDisplayText,
  TEXT_LIMITS: typeof TEXT_LIMITS,
  toSafeImageUrl: typeof toSafeImageUrl,
  parseDecimal: typeof parseDecimal,
  fractionDigits: typeof fractionDigits,
  formatAmount: typeof formatAmount,
  parseCaipNetworkId: typeof parseCaipNetworkId,
  openOnrampWindow: typeof openOnrampWindow,
]

/** The kit by name. */
export type OnrampKit = {
  atom: typeof atom
  computed: typeof computed
  onMount: typeof onMount
  PorticoError: typeof PorticoError
  idleState: typeof idleState
  pendingState: typeof pendingState
  successState: typeof successState
  errorState: typeof errorState
  toPorticoError: typeof toPorticoError
  isRecord: typeof isRecord
  arrayOf: typeof arrayOf
  oneOf: typeof oneOf
  caipNetworkId: typeof caipNetworkId
  decimalAmount: typeof decimalAmount
  cleanDisplayText: typeof cleanDisplayText
  TEXT_LIMITS: typeof TEXT_LIMITS
  toSafeImageUrl: typeof toSafeImageUrl
  parseDecimal: typeof parseDecimal
  fractionDigits: typeof fractionDigits
  formatAmount: typeof formatAmount
  parseCaipNetworkId: typeof parseCaipNetworkId
  openOnrampWindow: typeof openOnrampWindow
}

/** Names the shell's list, in its order. */
export function readKit(list: OnrampKitList): OnrampKit {
  const [
    atom,
    computed,
    onMount,
    PorticoError,
    idleState,
    pendingState,
    successState,
    errorState,
    toPorticoError,
    isRecord,
    arrayOf,
    oneOf,
    caipNetworkId,
    decimalAmount,
    cleanDisplayText,
    TEXT_LIMITS,
    toSafeImageUrl,
    parseDecimal,
    fractionDigits,
    formatAmount,
    parseCaipNetworkId,
    openOnrampWindow,
  ] = list
  return {
    atom,
    computed,
    onMount,
    PorticoError,
    idleState,
    pendingState,
    successState,
    errorState,
    toPorticoError,
    isRecord,
    arrayOf,
    oneOf,
    caipNetworkId,
    decimalAmount,
    cleanDisplayText,
    TEXT_LIMITS,
    toSafeImageUrl,
    parseDecimal,
    fractionDigits,
    formatAmount,
    parseCaipNetworkId,
    openOnrampWindow,
  }
}
