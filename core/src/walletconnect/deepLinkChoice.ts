// The checks a stored deep-link choice passes again when read back (with the heavy half, when
// something shows the choice).
import { cleanDisplayText, isRecord, TEXT_LIMITS } from '../kit.js'
import { toSafeWalletLink } from '../lazyKit.js'
import type { Validator } from '../storage/validators.js'
import type { DeepLinkChoice } from './types.js'

/**
 * A stored deep-link choice, read back through the checks it passed when it was made: the wallet
 * name is clean text, the link a safe wallet link (in its normalised form).
 */
export const deepLinkChoice: Validator<DeepLinkChoice> = (value) => {
  if (!isRecord(value)) return undefined
  const name = cleanDisplayText(value.name, TEXT_LIMITS.name)
  const href = toSafeWalletLink(value.href)
  return name && href ? { name, href } : undefined
}
