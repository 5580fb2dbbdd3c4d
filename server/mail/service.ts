import { randomUUID } from 'node:crypto'
import type { Config } from '#server/config.ts'
import type { Db, Dialect, Executor } from '#server/db/database.ts'
import { errorFields, type Logger } from '#server/http/logger.ts'
import { derivedKey, linkKeyring, signLink, verifyLink, type LinkKeyring } from '#server/mail/links.ts'
import type { LinkCheck, LinkClaims, LinkPurpose } from '#server/mail/types.ts'
import type { Rendered, StoreIdentity } from '#server/mail/templates.ts'
import { keepTransport, logTransport, smtpTransport, type MailTransport } from '#server/mail/transport.ts'
import { createMailWorker, type MailWorker, type WorkerOptions } from '#server/mail/worker.ts'
import * as repo from '#server/mail/repository.ts'

export type MailService = ReturnType<typeof createMailService>

/** What a message is about; the outbox keeps it for the log and the development mailbox. */
export type MailKind =
  | 'order-placed'
  | 'order-confirmed'
  | 'order-shipped'
  | 'order-delivered'
  | 'order-cancelled'
  | 'welcome'
  | 'verify-email'
  | 'password-reset'
  | 'newsletter-confirm'
  | 'back-in-stock'
  | 'wishlist-sale'
  | 'wishlist-back'
  | 'request-received'
  | 'request-approved'
  | 'request-declined'
  | 'request-done'

/**
 * Email (docs/spec/rulings.md #26, docs/decisions/011): other domains write messages
 * into the outbox inside their own transaction (`enqueue(trx, …)`); a worker sends them
 * afterwards, so no request waits on or fails because of a mail server.
 */
export function createMailService(db: Db, dialect: Dialect, config: Config, logger: Logger, now: () => number) {
  const store: StoreIdentity = { ...config.store, baseUrl: config.mail.baseUrl }
  let keys: LinkKeyring | undefined
  let worker: MailWorker | undefined

  /**
   * The keys of links (docs/decisions/018): LINK_SECRET signs when set, else the key the
   * first migration stored; LINK_SECRET_PREVIOUS's keys still verify, and the stored one
   * while it is trusted (it alone verifies tokens without a key id). Read once; `exec` is
   * the caller's transaction when there is one (SQLite has one connection).
   */
  async function keyring(exec: Executor = db): Promise<LinkKeyring> {
    if (keys) return keys
    const { secret, previous, stored: trustStored } = config.links
    let stored: string | undefined
    if (trustStored) {
      stored = await repo.linkSecret(exec)
      if (!stored) throw new Error('The key for links in emails is missing (store_secrets.mail_links)')
    }
    const signing = secret ?? stored!
    keys = linkKeyring(signing, stored ? [...previous, stored] : previous, stored)
    return keys
  }

  /** Where messages go: SMTP when configured; otherwise kept (development, tests) or logged (production). */
  function defaultTransport(): MailTransport {
    if (config.mail.smtpUrl) return smtpTransport(config.mail.smtpUrl, config.mail.from)
    return config.env === 'production' ? logTransport(logger) : keepTransport()
  }

  /**
   * Writes many messages of one kind in one statement (a page of them: under 1,000).
   * `userId` names the account a message is for, when its cause has one, so deleting the
   * account deletes the message (`forget`).
   */
  async function enqueueAll(
    trx: Executor,
    kind: MailKind,
    messages: { to: string; message: Rendered; userId?: string | null }[],
  ): Promise<string[]> {
    const at = now()
    const rows = messages.map(({ to, message, userId }) => ({
      id: randomUUID(),
      kind,
      to_address: to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      status: 'pending' as const,
      attempts: 0,
      created_at: at,
      next_attempt_at: at,
      lease_until: null,
      lease_owner: null,
      sent_at: null,
      delivered_by: null,
      last_error: null,
      user_id: userId ?? null,
    }))
    await repo.insertMessages(trx, rows)
    return rows.map((r) => r.id)
  }

  return {
    store,
    /** Messages waiting to be sent, and when the oldest was written (the store's metrics). */
    backlog: () => repo.backlog(db),
    /** The newsletter's 20%-off code (NEWSLETTER_CODE). */
    code: config.mail.newsletterCode,

    /**
     * Writes a message to the outbox in the caller's transaction; it is sent only if that
     * commits. `options.userId`: the account it is for, when there is one (see enqueueAll).
     */
    async enqueue(
      trx: Executor,
      kind: MailKind,
      to: string,
      message: Rendered,
      options: { userId?: string | null } = {},
    ): Promise<string> {
      const [id] = await enqueueAll(trx, kind, [{ to, message, userId: options.userId ?? null }])
      return id!
    },

    enqueueAll,

    /**
     * Deleting an account (docs/decisions/018): its messages go in the deletion's
     * transaction, sent or not, by the account's id and by its address.
     */
    forget: (trx: Executor, account: { userId: string; email: string }) => repo.deleteMessagesOf(trx, account),

    /** A signed link's token, valid for `ttlMs`. */
    async signLink(
      exec: Executor,
      purpose: LinkPurpose,
      subject: string,
      ttlMs: number,
      email?: string,
    ): Promise<string> {
      const { signing } = await keyring(exec)
      return signLink(signing, { purpose, subject, expiresAt: now() + ttlMs, ...(email ? { email } : {}) })
    },

    /**
     * The key of the line's cookies (docs/decisions/030): every instance derives the same one
     * from the signing key, read once; a rotation of LINK_SECRET sends those waiting to the back.
     */
    lineKey: async (): Promise<Buffer> => derivedKey((await keyring()).signing.secret, 'line'),

    /** A token signed by an unknown or removed key, or tampered with, is `invalid`, like any bad link. */
    async checkLink(token: string, purposes: LinkPurpose[]): Promise<LinkCheck> {
      return verifyLink(await keyring(), token, purposes, now())
    },

    /** Spends a single-use link in the caller's transaction; false when it was used before. */
    spendLink: (trx: Executor, claims: LinkClaims) => repo.spendLink(trx, claims.id, now()),

    isLinkSpent: (claims: LinkClaims) => repo.isLinkSpent(db, claims.id),

    /** The store's public address of a path. */
    url: (path: string) => `${store.baseUrl}${path}`,

    /** A worker on this store's database; tests pass their own transport and clock. */
    createWorker(options: WorkerOptions & { transport?: MailTransport } = {}): MailWorker {
      const { transport, ...rest } = options
      return createMailWorker(db, dialect, transport ?? defaultTransport(), logger, { now, ...rest })
    },

    /** The process's own worker (server/main.ts). */
    startWorker() {
      worker ??= this.createWorker()
      worker.start()
      logger.info('mail worker started', {
        transport: config.mail.smtpUrl ? 'smtp' : config.env === 'production' ? 'log' : 'kept',
      })
      // Key ids only (never a key): after a rotation, the operator sees which keys this process uses.
      keyring()
        .then((k) =>
          logger.info('link keys', {
            signing: k.signing.id,
            verifying: [...k.verifying.keys()],
            storedKeyTrusted: k.legacy !== undefined,
          }),
        )
        .catch((err: unknown) => logger.warn('link keys unavailable', errorFields(err)))
    },

    async stopWorker() {
      await worker?.stop()
      worker = undefined
    },

    /** The development mailbox (/dev/mail): the newest messages. */
    latest: (limit = 50) => repo.latestMessages(db, limit),
    message: (id: string) => repo.messageById(db, id),
  }
}
