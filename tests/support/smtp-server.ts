import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { MailService } from '#server/mail/service.ts'

/** A real SMTP server on loopback for the mail tests: it keeps what arrives, parsed. */
export interface TestSmtp {
  url: string
  received: ParsedMail[]
  /** The next `n` messages are answered with this SMTP code (4xx: try later, 5xx: refused). */
  refuseNext(n: number, code: number): void
  close(): Promise<void>
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = []
  let refusals = 0
  let refusalCode = 451
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--
          const err = Object.assign(new Error('Try again later'), { responseCode: refusalCode })
          callback(err)
          return
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail)
            callback()
          })
          .catch((err: unknown) => callback(err as Error))
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n, code) {
      refusals = n
      refusalCode = code
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Sends every message the outbox has due through one worker, then answers all the server has received. */
export async function deliverAll(mail: Pick<MailService, 'createWorker'>, smtp: TestSmtp): Promise<ParsedMail[]> {
  const worker = mail.createWorker()
  try {
    while ((await worker.runOnce()) > 0);
  } finally {
    await worker.stop()
  }
  return smtp.received
}

/** The address a message was sent to, as text. */
export const recipientOf = (m: ParsedMail): string => (m.to && !Array.isArray(m.to) ? m.to.text : '')
