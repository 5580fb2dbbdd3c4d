import { sql, type Kysely } from 'kysely'

// Stock per size and the life of a cash-on-delivery order (docs/spec/rulings.md #15, #24).
// Sizes of an existing catalog start with 20 each, so no shop wakes up sold out;
// existing orders become "Order Placed" with one event, their placing.

/** Sizes of a catalog made before stock existed start with this many. */
const STARTING_STOCK = 20

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('product_sizes')
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .execute()
  await sql`update product_sizes set stock = ${STARTING_STOCK}`.execute(db)
  // Covering indexes for the collection's size counts and size filter, which read stock.
  await db.schema.dropIndex('product_sizes_size_idx').execute()
  await db.schema
    .createIndex('product_sizes_size_idx')
    .on('product_sizes')
    .columns(['size', 'stock', 'product_id'])
    .execute()
  await db.schema
    .createIndex('product_sizes_stock_idx')
    .on('product_sizes')
    .columns(['product_id', 'size', 'stock'])
    .execute()

  await db.schema.alterTable('orders').addColumn('courier', 'text').execute()
  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute()
  // The phone as digits in international form (923001234567), to find repeat refusers.
  await db.schema
    .alterTable('orders')
    .addColumn('phone_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  const orders = await sql<{ id: string; phone: string }>`select id, phone from orders`.execute(db)
  for (const o of orders.rows)
    await sql`update orders set phone_key = ${phoneKey(o.phone)} where id = ${o.id}`.execute(db)
  await sql`update orders set status = 'Order Placed', payment = 0`.execute(db)
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('orders_phone_key_idx').on('orders').columns(['phone_key', 'status']).execute()

  await db.schema
    .createTable('order_events')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addPrimaryKeyConstraint('order_events_pk', ['order_id', 'position'])
    .execute()
  await sql`insert into order_events (order_id, position, at, from_status, to_status, actor, note)
    select id, 0, created_at, null, 'Order Placed', 'shopper', null from orders`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_events').execute()
  await db.schema.dropIndex('orders_phone_key_idx').execute()
  await db.schema.dropIndex('orders_status_created_idx').execute()
  for (const column of ['phone_key', 'tracking_number', 'courier'])
    await db.schema.alterTable('orders').dropColumn(column).execute()
  await db.schema.dropIndex('product_sizes_stock_idx').execute()
  await db.schema.dropIndex('product_sizes_size_idx').execute()
  await db.schema.createIndex('product_sizes_size_idx').on('product_sizes').columns(['size', 'product_id']).execute()
  await db.schema.alterTable('product_sizes').dropColumn('stock').execute()
}

/** Frozen with this migration; the orders domain's own copy is contracts/phone.ts. */
function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.startsWith('0092')) return digits.slice(2)
  if (digits.startsWith('92')) return digits
  if (digits.startsWith('03')) return `92${digits.slice(1)}`
  return digits
}
