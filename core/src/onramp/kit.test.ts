import { atom, computed, onMount } from 'nanostores'
import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId } from '../caip/index.js'
import { PorticoError } from '../errors/index.js'
import { formatAmount, fractionDigits, parseDecimal } from '../format/index.js'
import {
  errorState,
  idleState,
  pendingState,
  successState,
  toPorticoError,
} from '../kernel/async.js'
import { cleanDisplayText, TEXT_LIMITS, toSafeImageUrl } from '../security/index.js'
import { arrayOf, caipNetworkId, decimalAmount, isRecord, oneOf } from '../storage/validators.js'
import { onrampKitList } from './feature.js'
import { readKit } from './kit.js'
import { openOnrampWindow } from './popup.js'

describe('the kit the shell hands to the lazy code', () => {
  it('names each part as what it is (the list is positional)', () => {
    expect(readKit(onrampKitList())).toEqual({
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
    })
    const kit = readKit(onrampKitList())
    // toEqual compares functions by identity: each name holds its own function.
    expect(kit.caipNetworkId).toBe(caipNetworkId)
    expect(kit.decimalAmount).toBe(decimalAmount)
  })
})
