import fs from 'node:fs'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'

// The mail server of the browser tests' store (playwright.config.ts): it accepts every
// message on loopback and appends it, as one JSON line (Message-ID, recipient, subject,
// text), to the file tests/e2e/mail.spec.ts reads, as a shopper reads their inbox. The store
// keeps no body of a message it sent (docs/decisions/018), so this is where links are.
//   node tests/e2e/mail-sink.ts <port> <file>

const [port, file] = [Number(process.argv[2]), process.argv[3]]
if (!port || !file) throw new Error('usage: node tests/e2e/mail-sink.ts <port> <file>')
fs.writeFileSync(file, '')

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : ''
        const line = { messageId: mail.messageId, to, subject: mail.subject, text: mail.text }
        fs.appendFileSync(file, JSON.stringify(line) + '\n')
        callback()
      })
      .catch((err: unknown) => callback(err as Error))
  },
})
server.listen(port, '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
process.on('SIGINT', () => server.close(() => process.exit(0)))
