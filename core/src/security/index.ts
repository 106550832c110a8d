export { toSafeImageUrl } from './imageUrl.js'
