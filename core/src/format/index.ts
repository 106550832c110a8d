export { formatAmount, truncateAddress } from './format.js'
