import { randomUUID } from 'node:crypto'
import type { Db, Dialect } from '#server/db/database.ts'
import { errorFields, type Logger } from '#server/http/logger.ts'
import type { MailTransport } from '#server/mail/transport.ts'
import * as repo from '#server/mail/repository.ts'

export interface WorkerOptions {
  /** How long a claimed message is this worker's alone; after it, another worker may send it. */
  leaseMs?: number
  /** Attempts before a message is marked failed. */
  maxAttempts?: number
  /** The first retry's wait; each further one waits twice as long (capped at an hour). */
  backoffMs?: number
  batchSize?: number
  /** How often the worker looks for due messages. */
  pollMs?: number
  now?: () => number
}

export type MailWorker = ReturnType<typeof createMailWorker>

const HOUR = 60 * 60_000
/** Sent messages (their recipient, subject and times) and failed ones are kept this long, then removed. */
const KEEP_SETTLED_MS = 7 * 24 * HOUR

/**
 * Sends what the outbox holds (docs/decisions/011). Many workers, in one process or
 * several, may run at once: each claims messages under a lease, so a message is sent by
 * one of them, and one that died mid-send is taken over when its lease runs out.
 */
export function createMailWorker(
  db: Db,
  dialect: Dialect,
  transport: MailTransport,
  logger: Logger,
  options: WorkerOptions = {},
) {
  const now = options.now ?? Date.now
  const leaseMs = options.leaseMs ?? 2 * 60_000
  const maxAttempts = options.maxAttempts ?? 8
  const backoffMs = options.backoffMs ?? 30_000
  const batchSize = options.batchSize ?? 20
  const pollMs = options.pollMs ?? 3000
  const owner = randomUUID()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let lastPrune = 0

  /** One pass: claims what is due and sends it. Answers how many were sent. */
  async function runOnce(): Promise<number> {
    const claimed = await repo.claimDue(db, {
      now: now(),
      leaseUntil: now() + leaseMs,
      owner,
      limit: batchSize,
      skipLocked: dialect === 'postgres',
    })
    let sent = 0
    for (const row of claimed) {
      try {
        await transport.send({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
        })
      } catch (err) {
        const giveUp = row.attempts >= maxAttempts
        const retryAt = giveUp ? null : now() + Math.min(HOUR, backoffMs * 2 ** (row.attempts - 1))
        await repo.markFailed(db, row.id, owner, { error: errorText(err), retryAt })
        const fields = { mailId: row.id, kind: row.kind, attempts: row.attempts, ...errorFields(err) }
        if (giveUp) logger.error('mail failed for good', fields)
        else logger.warn('mail failed, will retry', { ...fields, retryAt })
        continue
      }
      const change = { sentAt: now(), deliveredBy: transport.name, keepBody: transport.keepsBody === true }
      if (await repo.markSent(db, row.id, owner, change)) sent++
    }
    if (now() - lastPrune > HOUR) {
      lastPrune = now()
      await repo.deleteSettledBefore(db, now() - KEEP_SETTLED_MS)
    }
    return sent
  }

  function tick() {
    running = runOnce()
      .catch((err: unknown) => logger.warn('mail worker pass failed', errorFields(err)))
      .finally(() => {
        if (timer !== undefined) timer = setTimeout(tick, pollMs)
      })
  }

  return {
    runOnce,
    /** Polls in the background until stop(). */
    start() {
      if (timer !== undefined) return
      timer = setTimeout(tick, 0)
    },
    /** Stops polling and waits for the pass in flight (a claimed message is released by its lease if cut short). */
    async stop() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      await running
      transport.close()
    },
  }
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { responseCode?: unknown }).responseCode
    return typeof code === 'number' ? `${code} ${err.message}` : err.message
  }
  return String(err)
}
