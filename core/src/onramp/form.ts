import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import { parseCaipNetworkId } from '../kit.js'
import { availableProviders } from './providers.js'
import type {
  OnrampAsset,
  OnrampChoice,
  OnrampForm,
  OnrampNetwork,
  OnrampOptionsData,
} from './types.js'
import { checkOnrampAmount } from './validation.js'

/**
 * Whether an option's network is the active chain: the EVM chain id for eip155, the network named
 * after the namespace elsewhere (the providers name Solana `solana` and give it no chain id).
 */
function isActiveNetwork(network: OnrampNetwork, namespace: ChainNamespace, reference: string) {
  if (namespace === 'eip155') return network.chain_id === reference
  return network.name.toLowerCase() === namespace
}

/** The asset chosen by default: USDC when it is sold here, else the first asset. */
const PREFERRED_ASSET = 'USDC'

/**
 * The order form for the active network: the assets sold there, the payment currencies and
 * methods with their limits, the providers offered, each choice resolved (a choice that is not
 * available falls back to the first that is), and the amount checked against the limits.
 */
export function buildOnrampForm(parameters: {
  options: OnrampOptionsData | undefined
  choice: OnrampChoice
  caipNetworkId: CaipNetworkId
  restricted: boolean
}): OnrampForm {
  const { options, choice, caipNetworkId, restricted } = parameters
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId) as {
    namespace: ChainNamespace
    reference: string
  }
  const assets: OnrampAsset[] = []
  for (const currency of options?.purchaseCurrencies ?? []) {
    const network = currency.networks.find((n) => isActiveNetwork(n, namespace, reference))
    if (network) assets.push({ ...currency, network })
  }
  const asset =
    assets.find((a) => a.id === choice.assetId) ??
    assets.find((a) => a.symbol === PREFERRED_ASSET) ??
    assets[0]
  const paymentCurrencies = options?.paymentCurrencies ?? []
  const paymentCurrency =
    paymentCurrencies.find((c) => c.id === choice.paymentCurrency) ?? paymentCurrencies[0]
  const paymentMethods = paymentCurrency?.payment_method_limits ?? []
  const limits = paymentMethods.find((m) => m.id === choice.paymentMethod) ?? paymentMethods[0]
  const amountError = checkOnrampAmount(
    choice.amount,
    limits,
    paymentCurrency?.id ?? choice.paymentCurrency,
  )
  const providers = availableProviders(namespace, restricted)
  return {
    caipNetworkId,
    namespace,
    assets,
    asset,
    paymentCurrencies,
    paymentCurrency,
    paymentMethods,
    paymentMethod: limits?.id ?? choice.paymentMethod,
    limits,
    amount: choice.amount,
    errors: amountError ? { amount: amountError } : {},
    providers,
    provider: providers.find((p) => p.id === choice.provider) ?? providers[0],
  }
}
