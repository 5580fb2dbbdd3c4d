import { sql, type Kysely } from 'kysely'

// Counting a view's facets at 100,000 products (docs/decisions/009, "Counting at size").
//
// Every storefront question asks for products on sale (archived = 0). With `archived`
// outside the catalog's indexes, SQLite answered that equality from the console's
// (archived, created_at) index and sorted every product for one page. Each storefront
// index now leads with it, so a page walks its order and stops; the category index
// carries the price, so a price range's counts read that index alone.
//
// The size facet and the counts of a size filter read product sizes. Joined to their
// products, they cost a lookup per size; so each size row carries its product's
// category, sub-category, price and archived flag (the catalog's repository writes them
// with the product and keeps them in step), and one index answers those counts alone.

const productIndexes = {
  products_position_idx: { old: ['position'], new: ['archived', 'position'] },
  products_category_idx: {
    old: ['category', 'sub_category', 'position'],
    new: ['archived', 'category', 'sub_category', 'price', 'position'],
  },
  products_price_idx: { old: ['price', 'position'], new: ['archived', 'price', 'position'] },
  products_best_seller_idx: { old: ['best_seller', 'position'], new: ['archived', 'best_seller', 'position'] },
} as const

async function rebuild(db: Kysely<unknown>, which: 'old' | 'new'): Promise<void> {
  for (const [name, columns] of Object.entries(productIndexes)) {
    await db.schema.dropIndex(name).execute()
    await db.schema
      .createIndex(name)
      .on('products')
      .columns([...columns[which]])
      .execute()
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, 'new')
  await db.schema
    .alterTable('product_sizes')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('product_sizes')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('product_sizes')
    .addColumn('sub_category', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('product_sizes')
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update product_sizes set
      archived = (select p.archived from products p where p.id = product_sizes.product_id),
      category = (select p.category from products p where p.id = product_sizes.product_id),
      sub_category = (select p.sub_category from products p where p.id = product_sizes.product_id),
      price = (select p.price from products p where p.id = product_sizes.product_id)`.execute(db)
  await db.schema.dropIndex('product_sizes_size_idx').execute()
  await db.schema
    .createIndex('product_sizes_facet_idx')
    .on('product_sizes')
    .columns(['archived', 'size', 'stock', 'category', 'sub_category', 'price', 'product_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_sizes_facet_idx').execute()
  await db.schema
    .createIndex('product_sizes_size_idx')
    .on('product_sizes')
    .columns(['size', 'stock', 'product_id'])
    .execute()
  for (const column of ['price', 'sub_category', 'category', 'archived'])
    await db.schema.alterTable('product_sizes').dropColumn(column).execute()
  await rebuild(db, 'old')
}
