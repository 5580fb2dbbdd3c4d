import { sql, type Kysely } from 'kysely'

// Frozen once landed: write a new migration instead of editing this one.
// Only portable column types, so SQLite and PostgreSQL share it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute()
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sqlPositive('price')))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('sub_category', 'text', (c) => c.notNull())
    .addColumn('image1', 'text', (c) => c.notNull())
    .addColumn('image2', 'text', (c) => c.notNull())
    .addColumn('image3', 'text', (c) => c.notNull())
    .addColumn('image4', 'text', (c) => c.notNull())
    .addColumn('best_seller', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('products_position_idx').on('products').column('position').execute()
  await db.schema.createIndex('products_category_idx').on('products').columns(['category', 'sub_category']).execute()

  await db.schema
    .createTable('product_sizes')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_sizes_pk', ['product_id', 'size'])
    .execute()

  await db.schema
    .createTable('size_chart_rows')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('chest', 'text')
    .addColumn('length', 'text')
    .addColumn('waist', 'text')
    .addColumn('sleeves', 'text')
    .addPrimaryKeyConstraint('size_chart_rows_pk', ['product_id', 'position'])
    .execute()

  await db.schema
    .createTable('cart_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sqlPositive('quantity')))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'product_id', 'size'])
    .execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('delivery_fee', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pin_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // No foreign key: an order line is a snapshot that outlives its product.
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'position'])
    .execute()

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('email_normalized', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'newsletter_subscribers',
    'order_items',
    'orders',
    'cart_items',
    'size_chart_rows',
    'product_sizes',
    'products',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}

function sqlPositive(column: string) {
  return sql`${sql.ref(column)} > 0`
}
