import type { Kysely } from 'kysely'

// The size rows' facet index in the order a view's counts ask (docs/decisions/009,
// "Counting at size"). It held (archived, size, stock, category, sub_category, price,
// product_id): `stock > 0` is a range, so a count of one size read every row of that
// size and tested its category, sub-category and price (SQLite searched on archived,
// size and stock alone). With the stock after the price, a count reads only the rows of
// its size, category, sub-category and price range, and the store's grid of size rows
// by size, category, sub-category and price (server/catalog/counts-repository.ts) reads
// the index in its own order.

const columns = {
  old: ['archived', 'size', 'stock', 'category', 'sub_category', 'price', 'product_id'],
  new: ['archived', 'size', 'category', 'sub_category', 'price', 'stock', 'product_id'],
}

async function rebuild(db: Kysely<unknown>, which: keyof typeof columns): Promise<void> {
  await db.schema.dropIndex('product_sizes_facet_idx').execute()
  await db.schema.createIndex('product_sizes_facet_idx').on('product_sizes').columns(columns[which]).execute()
}

export const up = (db: Kysely<unknown>) => rebuild(db, 'new')
export const down = (db: Kysely<unknown>) => rebuild(db, 'old')
