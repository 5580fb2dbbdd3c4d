import { randomBytes } from 'node:crypto'
import type { Db, Executor } from '#server/db/database.ts'
import type { Config } from '#server/config.ts'
import type { User } from '#contracts/auth.ts'
import { ADMIN_PAGE_SIZE, type AuditEntry } from '#contracts/admin.ts'
import type { AuthService } from '#server/auth/service.ts'
import type { OrderService } from '#server/orders/service.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import type { DiscountService } from '#server/discounts/service.ts'
import type { ReviewService } from '#server/reviews/service.ts'
import * as repo from '#server/admin/repository.ts'

// What the console's parts (server/admin/service.ts assembles them) share: the domains
// it changes things through, the audit log, and how a page and a search are asked.

/** The domains the console changes things through, each by its service. */
export interface AdminDomains {
  orders: OrderService
  auth: AuthService
  catalog: CatalogService
  discounts: DiscountService
  /** Reviews' decisions, with their audit entry (server/admin/reviews.ts); none: the console cannot decide. */
  reviews?: Pick<ReviewService, 'decide'>
}

export type AdminContext = ReturnType<typeof createAdminContext>

export function createAdminContext(db: Db, config: Config, domains: AdminDomains, now: () => number) {
  const { orders, auth, catalog, discounts, reviews } = domains
  const nextAuditId = auditIds()

  async function auditOf(entity: AuditEntry['entity'], entityId: string): Promise<AuditEntry[]> {
    const rows = await repo.auditOf(db, entity, entityId)
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      actor: { id: r.actor_id, name: r.actor_name },
      entity: r.entity as AuditEntry['entity'],
      entityId: r.entity_id,
      action: r.action,
      before: r.before === null ? null : (JSON.parse(r.before) as unknown),
      after: r.after === null ? null : (JSON.parse(r.after) as unknown),
    }))
  }

  async function writeAudit(
    trx: Executor,
    admin: User,
    entity: AuditEntry['entity'],
    entityId: string,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const at = now()
    await repo.insertAudit(trx, {
      id: nextAuditId(at),
      at,
      actor_id: admin._id,
      actor_name: admin.name,
      entity,
      entity_id: entityId,
      action,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    })
  }

  return { db, config, orders, auth, catalog, discounts, reviews, now, nextAuditId, auditOf, writeAudit }
}

export function pageOf(page: number) {
  return { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }
}

/** Names and emails contain the text, in any case; % and _ are the text's own. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * Audit ids that sort in the order they were made (UUID version 7 layout: the time,
 * then a counter within the millisecond), so entries written in one millisecond still
 * read back oldest first.
 */
function auditIds(): (at: number) => string {
  let lastAt = -1
  let counter = 0
  return (at) => {
    counter = at === lastAt ? counter + 1 : 0
    lastAt = at
    const time = Math.max(0, at).toString(16).padStart(12, '0').slice(-12)
    const seq = (counter & 0xfff).toString(16).padStart(3, '0')
    const rest = randomBytes(8)
    rest[0] = (rest[0]! & 0x3f) | 0x80
    const tail = rest.toString('hex')
    return `${time.slice(0, 8)}-${time.slice(8)}-7${seq}-${tail.slice(0, 4)}-${tail.slice(4)}`
  }
}
