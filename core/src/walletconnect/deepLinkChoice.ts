import { cleanDisplayText, TEXT_LIMITS, toSafeWalletLink } from '../security/index.js'
import { isRecord, type Validator } from '../storage/validators.js'

/** The deep link a user chose for WalletConnect, reused to open their wallet for requests. */
export type DeepLinkChoice = { name: string; href: string }

/**
 * A stored deep-link choice, read back through the checks it passed when it was made: the wallet
 * name is clean text, the link a safe wallet link (in its normalised form). Read at start-up, so
 * it lives apart from the link builders, which load with the WalletConnect provider.
 */
export const deepLinkChoice: Validator<DeepLinkChoice> = (value) => {
  if (!isRecord(value)) return undefined
  const name = cleanDisplayText(value.name, TEXT_LIMITS.name)
  const href = toSafeWalletLink(value.href)
  return name && href ? { name, href } : undefined
}
