import nodemailer from 'nodemailer'
import type { Logger } from '#server/http/logger.ts'

/** One message as the outbox holds it. */
export interface OutgoingMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
}

export interface MailTransport {
  /** smtp, log or kept: recorded with each message sent. */
  name: string
  /**
   * The message stays readable in the outbox once sent: only the development mailbox
   * (/dev/mail). Every other transport's messages lose their bodies when sent.
   */
  keepsBody?: boolean
  /** Resolves once the message is handed over; rejects to have it retried. */
  send(message: OutgoingMessage): Promise<void>
  close(): void
}

/** Gives up on a stalled server well before the worker's lease runs out. */
const SMTP_TIMEOUT_MS = 20_000

/** nodemailer over SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS from the start). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.headers ? { headers: m.headers } : {}),
        // The outbox id: a receiving server or a person can tell a retried copy apart.
        messageId: `<${m.id}@${messageDomain(from)}>`,
      })
    },
    close: () => transporter.close(),
  }
}

/**
 * No SMTP_URL in production: each message is one JSON line in the log naming its
 * recipient and subject, never what it says (a reset or verification link is a key to
 * an account, and logs are copied, shipped and kept: docs/spec/rulings.md #26), and it
 * counts as sent. Nobody receives it; a real store sets SMTP_URL.
 */
export function logTransport(logger: Logger): MailTransport {
  return {
    name: 'log',
    send(m) {
      logger.info('mail not sent: no SMTP_URL', { mailId: m.id, to: m.to, subject: m.subject })
      return Promise.resolve()
    },
    close: () => {},
  }
}

/** No SMTP_URL in development and tests: the message stays in the outbox, read at /dev/mail. */
export function keepTransport(): MailTransport {
  return { name: 'kept', keepsBody: true, send: () => Promise.resolve(), close: () => {} }
}

function messageDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'kapra.local'
}
