import { sql, type Kysely } from 'kysely'

// Discount codes (docs/decisions/026): the codes the owner makes and the newsletter gives
// each subscriber, one redemption row for each order holding a use (deleted when the
// order is cancelled or returned, giving the use back), and what an order took off.
// The console's audit log learns a third entity, 'discount': its check is remade by
// copying the log into a table with the wider check (SQLite cannot alter a check).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Upper-cased: codes are case-insensitive, so the unique index is on what is kept.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applies_to_sale', 'integer', (c) => c.notNull().defaultTo(0))
    // Orders holding a use; claimed only while below max_uses, in the order's transaction.
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    // 'owner' (the console's list) or 'newsletter' (one a subscriber, kept out of that list).
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('owner'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('discount_codes_list_idx')
    .on('discount_codes')
    .columns(['origin', 'created_at'])
    .execute()
  await db.schema
    .createTable('discount_redemptions')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('discount_id', 'text', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    .addColumn('phone_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // A customer's uses of one code are counted by account and by phone.
  await db.schema
    .createIndex('discount_redemptions_user_idx')
    .on('discount_redemptions')
    .columns(['discount_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('discount_redemptions_phone_idx')
    .on('discount_redemptions')
    .columns(['discount_id', 'phone_key'])
    .execute()
  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // The newsletter's code of each subscriber, minted with the confirmation email.
  await db.schema.alterTable('newsletter_subscribers').addColumn('discount_code', 'text').execute()
  // The sales' migration (2026-11-26T0300) added 'sale' just before this one.
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from audit_log where entity = 'discount'`.execute(db)
  await remakeAuditLog(db, ['order', 'product', 'sale'])
  await db.schema.alterTable('newsletter_subscribers').dropColumn('discount_code').execute()
  await db.schema.alterTable('orders').dropColumn('discount').execute()
  await db.schema.alterTable('orders').dropColumn('discount_code').execute()
  await db.schema.dropTable('discount_redemptions').execute()
  await db.schema.dropTable('discount_codes').execute()
}
