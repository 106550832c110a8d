import {
  type Address,
  BaseError,
  getAddress,
  type Hex,
  HttpRequestError,
  isErc6492Signature,
  isHex,
  type PublicClient,
  TimeoutError,
} from 'viem'
import { verifySiweMessage } from 'viem/siwe'
import { BITCOIN_MAINNET, BITCOIN_REGTEST, BITCOIN_TESTNET } from './constants.js'
import type { SignInMessage } from './message.js'

/**
 * An optional peer dependency, loaded on the first sign-in that needs it: an app that signs in
 * only EVM accounts does not install the Solana or Bitcoin stacks.
 */
async function optional<T>(load: () => Promise<T>, name: string, chains: string): Promise<T> {
  try {
    return await load()
  } catch (cause) {
    throw new Error(`${chains} sign-in needs ${name}: install it beside @portico/server`, { cause })
  }
}

export type Verification =
  | { ok: true; address: string; accountType: 'eoa' | 'smartAccount' }
  | { ok: false; reason: 'bad signature' | 'bad signature encoding' }

export type VerifyContext = {
  /** The exact text that was signed, and what it says. */
  text: string
  message: SignInMessage
  signature: string
  /** The server clock, for viem's own expiry check (it must agree with ours). */
  now: Date
}

/** Whether an error means the chain could not be asked (a 5xx), not that the signature is bad. */
function chainUnreachable(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    !!error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
  )
}

/**
 * eip155: viem's `verifySiweMessage` on the message's own devnet chain. It recovers an EOA's
 * signature, asks a deployed contract through ERC-1271 `isValidSignature`, and for an ERC-6492
 * signature (an account not deployed yet) simulates the factory call first, so smart accounts
 * sign in like any other.
 */
export async function verifyEip155(
  client: PublicClient,
  context: VerifyContext,
): Promise<Verification> {
  const { text, message, signature, now } = context
  if (!isHex(signature, { strict: true }) || signature.length < 4) {
    return { ok: false, reason: 'bad signature encoding' }
  }
  let valid: boolean
  try {
    valid = await verifySiweMessage(client, {
      message: text,
      signature: signature as Hex,
      domain: message.domain,
      nonce: message.nonce,
      time: now,
    })
  } catch (error) {
    if (chainUnreachable(error)) throw error
    valid = false
  }
  if (!valid) return { ok: false, reason: 'bad signature' }
  const address = getAddress(message.address)
  const code = await client.getCode({ address: address as Address })
  const contract = (code !== undefined && code !== '0x') || isErc6492Signature(signature as Hex)
  return { ok: true, address, accountType: contract ? 'smartAccount' : 'eoa' }
}

/**
 * Solana: an Ed25519 signature (base58, as Solana wallets' `signMessage` bytes are usually sent)
 * over the message's UTF-8 bytes, by the key the address is. `@solana/kit` is loaded on first use.
 */
export async function verifySolana(context: VerifyContext): Promise<Verification> {
  const kit = await optional(() => import('@solana/kit'), '@solana/kit', 'Solana')
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(kit.getBase58Encoder().encode(context.signature))
  } catch {
    return { ok: false, reason: 'bad signature encoding' }
  }
  if (bytes.length !== 64) return { ok: false, reason: 'bad signature encoding' }
  if (!kit.isAddress(context.message.address)) return { ok: false, reason: 'bad signature' }
  try {
    const key = await kit.getPublicKeyFromAddress(kit.address(context.message.address))
    const valid = await kit.verifySignature(
      key,
      kit.signatureBytes(bytes),
      new TextEncoder().encode(context.text),
    )
    return valid
      ? { ok: true, address: context.message.address, accountType: 'eoa' }
      : { ok: false, reason: 'bad signature' }
  } catch {
    return { ok: false, reason: 'bad signature' }
  }
}

/**
 * The address forms of each Bitcoin chain sign-in knows: bech32 HRP (`bc1`, `tb1`, `bcrt1`) or
 * base58 version characters (P2PKH and P2SH), so an account of another chain is refused.
 */
export const BITCOIN_ADDRESS_FORMS: Record<string, RegExp> = {
  [BITCOIN_MAINNET]: /^(bc1|[13])/,
  [BITCOIN_TESTNET]: /^(tb1|[mn2])/,
  // Regtest shares testnet's base58 version bytes.
  [BITCOIN_REGTEST]: /^(bcrt1|[mn2])/,
}

/**
 * Bitcoin: a BIP-322 signature (base64; the "simple" form, or a legacy BIP-137 one) over the
 * message text, checked by `bip322-js` 3.0.0, which verifies P2WPKH, P2SH-P2WPKH, P2TR
 * (single key, key path) and P2PKH addresses; other scripts (multisig, P2WSH, script-path
 * taproot) are refused as a bad signature. The address must be one of the message's chain.
 */
export async function verifyBitcoin(chain: string, context: VerifyContext): Promise<Verification> {
  const { address } = context.message
  if (!BITCOIN_ADDRESS_FORMS[chain]?.test(address)) return { ok: false, reason: 'bad signature' }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(context.signature)) {
    return { ok: false, reason: 'bad signature encoding' }
  }
  const { Verifier } = await optional(() => import('bip322-js'), 'bip322-js', 'Bitcoin')
  try {
    return Verifier.verifySignature(address, context.text, context.signature)
      ? { ok: true, address, accountType: 'eoa' }
      : { ok: false, reason: 'bad signature' }
  } catch {
    // bip322-js throws for address types it cannot check and for malformed signatures.
    return { ok: false, reason: 'bad signature' }
  }
}
