import { sql, type Kysely } from 'kysely'

// Exchanges and returns (docs/decisions/036): a shopper's request about pieces of a
// Delivered order, its decision and its end; an exchange order names its original; an
// order event may record a request's step rather than a move (the status unchanged).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Orders outlive their accounts (docs/decisions/012): so do their requests.
    .addColumn('user_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('decision_note', 'text')
    .addColumn('exchange_order_id', 'text')
    .addColumn('refund_method', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('received_at', 'bigint')
    .execute()
  // One request at a time an order: a second while one is open or approved is refused by the
  // database too, whatever two requests racing each other read.
  await sql`create unique index order_requests_active_idx on order_requests (order_id) where status in ('open', 'approved')`.execute(
    db,
  )
  // An order's requests, newest first; the console's list by status, oldest first.
  await db.schema
    .createIndex('order_requests_order_idx')
    .on('order_requests')
    .columns(['order_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('order_requests_status_idx')
    .on('order_requests')
    .columns(['status', 'created_at'])
    .execute()
  await db.schema.createIndex('order_requests_user_idx').on('order_requests').columns(['user_id']).execute()
  await db.schema.alterTable('orders').addColumn('exchange_for', 'text').execute()
  await db.schema.alterTable('order_events').addColumn('request_step', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_events').dropColumn('request_step').execute()
  await db.schema.alterTable('orders').dropColumn('exchange_for').execute()
  await db.schema.dropTable('order_requests').execute()
}
