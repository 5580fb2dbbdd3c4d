import { sql, type Kysely } from 'kysely'

// The console's audit log learns a fifth entity, 'review': approving, hiding and replying
// on a review are written there like the console's other actions (docs/decisions/035).
// Its check is remade by copying the log into a table with the wider check, as the
// discounts' migration did (SQLite cannot alter a check; the copy works on both databases).

export async function up(db: Kysely<unknown>): Promise<void> {
  await remakeAuditLog(db, ['order', 'product', 'sale', 'discount', 'review'])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from audit_log where entity = 'review'`.execute(db)
  await remakeAuditLog(db, ['order', 'product', 'sale', 'discount'])
}

/** The audit log as it was, but for the entities its check allows. */
async function remakeAuditLog(db: Kysely<unknown>, entities: string[]): Promise<void> {
  const allowed = sql.join(entities.map((e) => sql.lit(e)))
  await db.schema
    .createTable('audit_log_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in (${allowed})`))
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute()
  await sql`insert into audit_log_next (id, at, actor_id, actor_name, entity, entity_id, action, before, after)
    select id, at, actor_id, actor_name, entity, entity_id, action, before, after from audit_log`.execute(db)
  await db.schema.dropTable('audit_log').execute()
  await db.schema.alterTable('audit_log_next').renameTo('audit_log').execute()
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute()
}
