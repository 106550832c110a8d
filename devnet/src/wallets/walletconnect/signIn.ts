import type { AuthTypes } from '@walletconnect/types'
import {
  buildAuthObject,
  getMethodsFromRecap,
  getRecapFromResources,
  populateAuthPayload,
} from '@walletconnect/utils'
import type { Address } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { unique, type WalletContext } from './context.js'
import { DEFAULT_METHODS } from './methods.js'
import type { WalletConnectSignInRequest } from './types.js'

// One-click sign-in (CAIP-122): what a dapp asks the account to sign, the texts, and the CACAOs
// the wallet answers with, one per chain it knows.

/**
 * The texts a sign-in request asks the account to sign, one per chain the wallet knows: the
 * request narrowed to those chains and the wallet's methods (populateAuthPayload rewrites a
 * ReCap's statement the way WalletConnect wallets word it), each as `formatAuthMessage` writes
 * it for that chain's `did:pkh` issuer.
 */
function signInTexts(context: WalletContext, request: AuthTypes.PayloadParams, address: Address) {
  const known = (request.chains ?? []).filter((caip) => context.chainOf(caip))
  if (known.length === 0) return { payload: request, texts: [] }
  const populated = populateAuthPayload({
    authPayload: request,
    chains: known,
    methods: [...DEFAULT_METHODS],
  })
  // Without a ReCap, populateAuthPayload leaves the chains as they were asked.
  const payload = { ...populated, chains: populated.chains.filter((caip) => context.chainOf(caip)) }
  return {
    payload,
    texts: payload.chains.map((caip) => {
      const iss = `did:pkh:${caip}:${address}`
      return { iss, text: context.client.formatAuthMessage({ request: payload, iss }) }
    }),
  }
}

/** The texts the account at `index` would sign; none when it does not exist or cannot. */
export function signInMessages(
  context: WalletContext,
  requests: readonly AuthTypes.PayloadParams[],
  index: number,
): string[] {
  const chosen = context.hdAccounts[index]
  if (!chosen) return []
  return requests.flatMap((request) => {
    try {
      return signInTexts(context, request, chosen.address).texts.map((t) => t.text)
    } catch {
      return []
    }
  })
}

/** Signs the texts (EIP-191) into CACAOs. */
export async function signCacaos(
  context: WalletContext,
  request: AuthTypes.PayloadParams,
  signer: HDAccount,
): Promise<AuthTypes.Cacao[]> {
  const { payload, texts } = signInTexts(context, request, signer.address)
  const cacaos: AuthTypes.Cacao[] = []
  for (const { iss, text } of texts) {
    const signature = await signer.signMessage({ message: text })
    cacaos.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
  }
  return cacaos
}

/** A sign-in request as the wallet shows it. */
export function signInRequest(
  context: WalletContext,
  request: AuthTypes.PayloadParams,
): WalletConnectSignInRequest {
  const requestedChains = unique(request.chains ?? [])
  return {
    domain: request.domain,
    uri: request.aud ?? '',
    nonce: request.nonce,
    statement: request.statement || undefined,
    requestedChains,
    chains: requestedChains.filter((caip) => context.chainOf(caip)),
  }
}

/** The eip155 methods a request's ReCap (its last resource, `urn:recap:…`) asks for. */
export function recapMethods(resources: string[] | undefined): string[] {
  const recap = getRecapFromResources(resources)
  if (!recap) return []
  try {
    return getMethodsFromRecap(recap)
  } catch {
    return []
  }
}
