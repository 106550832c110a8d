export { formatDecimal, fractionDigits, parseDecimal } from './decimal.js'
export { formatAmount, truncateAddress } from './format.js'
