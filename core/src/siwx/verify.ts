// Signature checks of browser-kept sign-in (the heavy half: loaded with browserImpl). Each
// namespace is checked with its own scheme; a session whose signature cannot be checked here is
// not kept, except Bitcoin's (BIP-322 needs a verifier the browser build does not carry yet: the
// wallet's word is taken, as before; an app that must know passes `verify`).
import type { PorticoNetwork } from '../options/index.js'
import type { SiwxSession } from './types.js'

/** What a check needs: the app's networks (the RPC smart accounts verify through) and fetch. */
export type VerifyContext = { networks: readonly PorticoNetwork[]; fetch: typeof fetch }

/**
 * An EVM sign-in: EIP-191 through viem. An account's own signature is recovered here (no request:
 * sessions are read back on every page load); any other is asked of the network's RPC when the
 * app has one, so ERC-1271 (deployed smart accounts) and ERC-6492 (not yet deployed) signatures
 * verify too.
 */
async function verifyEvm(session: SiwxSession, context: VerifyContext): Promise<boolean> {
  const { createPublicClient, http, verifyMessage } = await import('viem')
  const { chainId, accountAddress } = session.data
  const rpc = context.networks.find((n) => n.id === chainId)?.rpcUrls.http[0]
  const parameters = {
    address: accountAddress as `0x${string}`,
    message: session.message,
    signature: session.signature as `0x${string}`,
  }
  const recovered = await verifyMessage(parameters).catch(() => false)
  if (recovered || !rpc) return recovered
  const client = createPublicClient({ transport: http(rpc, { fetchFn: context.fetch }) })
  return client.verifyMessage(parameters)
}

/**
 * A Solana sign-in: an ed25519 signature (64 bytes, base58 as the adapter gives it) of the
 * message's UTF-8 bytes by the key the address is.
 */
async function verifySolana(session: SiwxSession): Promise<boolean> {
  const { getBase58Encoder, getPublicKeyFromAddress, isAddress, verifySignature } = await import(
    '@solana/kit'
  )
  const { accountAddress } = session.data
  if (!isAddress(accountAddress) || !/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(session.signature)) {
    return false
  }
  const bytes = getBase58Encoder().encode(session.signature)
  if (bytes.length !== 64) return false
  const key = await getPublicKeyFromAddress(accountAddress)
  return verifySignature(
    key,
    bytes as Parameters<typeof verifySignature>[1],
    new TextEncoder().encode(session.message),
  )
}

/**
 * Whether the session's signature is its account's signature of its message. Never throws: a
 * signature that cannot be read, or a check that fails, is not a signature.
 */
export async function verifySessionSignature(
  session: SiwxSession,
  context: VerifyContext,
): Promise<boolean> {
  const namespace = session.data.chainId.split(':')[0]
  try {
    if (namespace === 'eip155') return await verifyEvm(session, context)
    if (namespace === 'solana') return await verifySolana(session)
    // Bitcoin: as before, the wallet's word (no BIP-322 verifier in the browser build).
    if (namespace === 'bip122') return true
    return false
  } catch {
    return false
  }
}
