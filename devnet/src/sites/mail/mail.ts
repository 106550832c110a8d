import type { Readable } from 'node:stream'
import { listen } from '../../kernel/http.js'

/** One caught message, as the Devnet Inbox shows it and `GET /api/inbox` answers it. */
export type InboxMessage = {
  /** Increasing per devnet, as a string. */
  id: string
  /** The sender, `Name <address>` as in the From header. */
  from: string
  /** The envelope recipients, lower-cased: the addresses the message was delivered to. */
  to: string[]
  subject: string
  /** The plain-text body. */
  text: string
  /** ISO 8601, when the catcher received it. */
  receivedAt: string
}

export type OutgoingMail = { to: string; subject: string; text: string }

export type MailService = {
  /** `smtp://127.0.0.1:<port>`: the catcher, which takes mail for any address without auth. */
  smtpUrl: string
  /** Sends through the catcher over SMTP; resolves once the message is in the inbox. */
  send(mail: OutgoingMail): Promise<void>
  /** Newest first; only those delivered to `address` (any case) when it is given. */
  list(address?: string): InboxMessage[]
  /** The addresses that received mail, sorted. */
  addresses(): string[]
  clear(): void
  close(): Promise<void>
}

const MAX_MESSAGES = 1000
const MAX_MESSAGE_BYTES = 1_000_000
const MAIL_FROM = 'Portico Devnet <login@portico-devnet.invalid>'

/**
 * The devnet's mail: a real SMTP server on loopback (`smtp-server`) that catches every message
 * and parses it (`mailparser`) into the inbox, and a `nodemailer` transport that sends to it.
 * Nothing leaves the machine. The parser is loaded on the first message (it costs about 0.2 s
 * to load), so starting the devnet does not pay for it.
 */
export async function startMailService(options: {
  host: string
  port?: number
  log?: (line: string) => void
}): Promise<MailService> {
  const [{ SMTPServer }, nodemailer] = await Promise.all([
    import('smtp-server'),
    import('nodemailer'),
  ])
  const messages: InboxMessage[] = []
  let nextId = 1

  async function receive(stream: Readable, recipients: string[]) {
    const { simpleParser } = await import('mailparser')
    const parsed = await simpleParser(stream)
    messages.push({
      id: String(nextId++),
      from: parsed.from?.text ?? '',
      to: recipients,
      subject: parsed.subject ?? '',
      text: (parsed.text ?? '').trimEnd(),
      receivedAt: new Date().toISOString(),
    })
    if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES)
  }

  const smtp = new SMTPServer({
    // A catcher: no login, no TLS (loopback only), any recipient.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    banner: 'Portico devnet mail catcher',
    size: MAX_MESSAGE_BYTES,
    // Stopping the devnet should not wait on a client that keeps its connection open.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
      receive(stream, recipients).then(
        () => callback(),
        (error: unknown) => {
          options.log?.(`mail catcher could not parse a message: ${String(error)}`)
          callback(error instanceof Error ? error : new Error(String(error)))
        },
      )
    },
  })
  const { port, authority } = await listen(smtp.server, {
    name: 'mail catcher',
    host: options.host,
    port: options.port ?? 0,
  })
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: false,
    ignoreTLS: true,
    // One connection per message: a handful of mails per login, and nothing left open on close.
    pool: false,
  })

  return {
    smtpUrl: `smtp://${authority}`,
    async send(mail) {
      await transport.sendMail({ from: MAIL_FROM, ...mail })
    },
    list(address) {
      const wanted = address?.trim().toLowerCase()
      const matching = wanted ? messages.filter((m) => m.to.includes(wanted)) : messages
      return matching.slice().reverse()
    },
    addresses() {
      return [...new Set(messages.flatMap((m) => m.to))].sort()
    },
    clear() {
      messages.length = 0
    },
    close() {
      transport.close()
      return new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}
