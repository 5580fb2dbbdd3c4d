import { sql, type Kysely } from 'kysely'

// Sale prices (docs/decisions/025). A product's own price becomes its list price
// (`list_price`); `price` stays the price a shopper pays now, materialized, so the
// collection's price filter, sort and facet counts keep their indexes. `compare_at` is
// the list price while the product is on sale (null otherwise), `sale_until` when the
// winning sale ends. The product form's own sale (`sale_price` over its window) and the
// console's sales (`sales`, `sale_products` for a sale of chosen products) are the
// sources; the catalog recomputes the materialized columns at every boundary. The audit
// log may name a sale.

export function salesMigration(dialect: 'sqlite' | 'postgres') {
  return {
    up: (db: Kysely<unknown>) => up(db, dialect),
    down: (db: Kysely<unknown>) => down(db, dialect),
  }
}

async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await auditEntities(db, dialect, ['order', 'product', 'sale'])
  await db.schema
    .alterTable('products')
    .addColumn('list_price', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update products set list_price = price`.execute(db)
  for (const column of ['sale_price', 'compare_at'])
    await db.schema.alterTable('products').addColumn(column, 'integer').execute()
  for (const column of ['sale_starts_at', 'sale_ends_at', 'sale_until'])
    await db.schema.alterTable('products').addColumn(column, 'bigint').execute()
  // The next boundary of a product's own sale is one indexed min() each.
  await db.schema.createIndex('products_sale_starts_idx').on('products').column('sale_starts_at').execute()
  await db.schema.createIndex('products_sale_ends_idx').on('products').column('sale_ends_at').execute()
  // The collection's "On sale" filter and its count.
  await db.schema
    .createIndex('products_on_sale_idx')
    .on('products')
    .columns(['archived', 'compare_at', 'position'])
    .execute()

  await db.schema
    .createTable('sales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer', (c) => c.notNull().check(sql`percent_off between 1 and 90`))
    // Null: every category (sub-category). has_products 1: only the products in sale_products.
    .addColumn('category', 'text')
    .addColumn('sub_category', 'text')
    .addColumn('has_products', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sales_starts_idx').on('sales').column('starts_at').execute()
  await db.schema.createIndex('sales_ends_idx').on('sales').column('ends_at').execute()
  await db.schema
    .createTable('sale_products')
    .addColumn('sale_id', 'text', (c) => c.notNull().references('sales.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sale_products_pk', ['sale_id', 'product_id'])
    .execute()
  await db.schema.createIndex('sale_products_product_idx').on('sale_products').column('product_id').execute()
  // When every product's price was last brought to the sales (one row): the next boundary is
  // the first after it, so one that passed while no instance looked is still crossed.
  await db.schema
    .createTable('sale_clock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('priced_at', 'bigint', (c) => c.notNull())
    .execute()
  await sql`insert into sale_clock (id, priced_at) values (1, 0)`.execute(db)
}

async function down(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`delete from audit_log where entity = 'sale'`.execute(db)
  await auditEntities(db, dialect, ['order', 'product'])
  await db.schema.dropTable('sale_clock').execute()
  await db.schema.dropTable('sale_products').execute()
  await db.schema.dropTable('sales').execute()
  for (const index of ['products_on_sale_idx', 'products_sale_ends_idx', 'products_sale_starts_idx'])
    await db.schema.dropIndex(index).execute()
  for (const column of ['sale_until', 'sale_ends_at', 'sale_starts_at', 'compare_at', 'sale_price', 'list_price'])
    await db.schema.alterTable('products').dropColumn(column).execute()
}

/**
 * What the audit log may name (the console writes a sale's changes too). PostgreSQL
 * replaces the column's check; SQLite cannot, so the table is made again with it.
 */
async function auditEntities(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres', entities: string[]) {
  const allowed = sql.join(entities.map((e) => sql.lit(e)))
  if (dialect === 'postgres') {
    await sql`alter table audit_log drop constraint audit_log_entity_check`.execute(db)
    await sql`alter table audit_log add constraint audit_log_entity_check check (entity in (${allowed}))`.execute(db)
    return
  }
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
  await sql`alter table audit_log_next rename to audit_log`.execute(db)
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute()
}
