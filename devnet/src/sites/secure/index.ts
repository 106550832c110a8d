export { type InboxMessage, type MailService, startMailService } from '../mail/mail.js'
export { type FrameBundle, secureFrameBundle } from './bundle.js'
export { EMBEDDED_FUNDING, FAUCET_ACCOUNT_INDEX } from './faucet.js'
export { type SecureSite, type SecureSiteOptions, startSecureSite } from './server.js'
