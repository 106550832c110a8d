import { defineService } from '../../kernel/service.js'
import type { InboxMessage, MailService } from './mail.js'

export type MailOptions = {
  /** The SMTP mail catcher; a free port by default. */
  ports?: { smtp?: number }
}

/** What the mail catcher adds to the `Devnet` object. */
export type MailExposed = {
  /** The mail catcher, `smtp://127.0.0.1:<port>`: takes mail for any address, no login. */
  smtpUrl: string
  /** The caught mail (device links and codes), newest first; `GET /api/inbox` on the secure site. */
  inbox: { list(address?: string): InboxMessage[]; clear(): void }
}

/**
 * The devnet's mail: an SMTP server on loopback that catches every message (the secure site's
 * login mail) into the inbox the Devnet Inbox shows. It needs nothing, so it starts while the
 * chains do.
 */
export const mailService = defineService({
  name: 'mail',
  needs: [],
  async start(context, options: MailOptions) {
    const { startMailService } = await import('./mail.js')
    const mail: MailService = await startMailService({
      host: context.host,
      port: options.ports?.smtp ?? 0,
      log: context.log,
    })
    return { api: mail, stop: () => mail.close() }
  },
  expose: (mail): MailExposed => ({
    smtpUrl: mail.smtpUrl,
    inbox: { list: mail.list, clear: mail.clear },
  }),
  pages: (mail) => [
    {
      label: 'mail (SMTP)',
      url: mail.smtpUrl,
      about: 'catches the login mail; read it in the Devnet Inbox',
    },
  ],
})
