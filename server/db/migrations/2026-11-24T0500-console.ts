import { sql, type Kysely } from 'kysely'

// The store owner's console (docs/spec/rulings.md #25): every user is a customer
// until the store's CLI makes them an admin; what admins change is kept in an audit
// log. The indexes let the console's queue and dashboard answer with aggregates.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('customer')
        .check(sql`role in ('customer', 'admin')`),
    )
    .execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // No foreign key: the entry outlives the account; the name is kept as it was.
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('order', 'product')`))
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON text on both databases.
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute()
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute()

  // The queue's date range and the dashboard's day counts read orders by time.
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute()
  // Delivered and Returned in the last 30 days: the moves, found by status and time.
  await db.schema.createIndex('order_events_to_at_idx').on('order_events').columns(['to_status', 'at']).execute()
  // Sizes running low.
  await db.schema.createIndex('product_sizes_low_stock_idx').on('product_sizes').column('stock').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_sizes_low_stock_idx').execute()
  await db.schema.dropIndex('order_events_to_at_idx').execute()
  await db.schema.dropIndex('orders_created_idx').execute()
  await db.schema.dropTable('audit_log').execute()
  await db.schema.alterTable('users').dropColumn('role').execute()
}
