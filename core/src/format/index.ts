export { formatDecimal, fractionDigits, parseDecimal } from './decimal.js'
export { ADDRESS_TRUNCATE, formatAmount, truncateAddress } from './format.js'
