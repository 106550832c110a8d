export {
  formatDecimal,
  fractionDigits,
  MAX_AMOUNT_TEXT_LENGTH,
  MAX_RAW_AMOUNT,
  MAX_TOKEN_DECIMALS,
  parseDecimal,
} from './decimal.js'
export { ADDRESS_TRUNCATE, formatAmount, truncateAddress } from './format.js'
