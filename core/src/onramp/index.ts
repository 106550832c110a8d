export type { OnrampFeature } from './feature.js'
export { onrampFeature } from './feature.js'
export type {
  OnrampAmount,
  OnrampAsset,
  OnrampChoice,
  OnrampForm,
  OnrampNetwork,
  OnrampOptions,
  OnrampOptionsData,
  OnrampPaymentCurrency,
  OnrampPaymentMethodLimit,
  OnrampProvider,
  OnrampProviderId,
  OnrampPurchase,
  OnrampPurchaseCurrency,
  OnrampPurchaseItem,
  OnrampPurchasePhase,
  OnrampPurchaseState,
  OnrampQuote,
} from './types.js'
