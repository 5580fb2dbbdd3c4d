import { sql, type Kysely } from 'kysely'

// A migration imports nothing of the store's code, so it runs as it ran when written.
type Dialect = 'sqlite' | 'postgres'

// The catalog is answered by queries, not held in memory (docs/decisions/009): indexes
// for each sort and filter, a name index for search in each database's own way, the
// words of product names for forgiving typos, and a change stamp for the list's ETag.

export function catalogQueries(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('products')
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
      await sql`update products set updated_at = created_at`.execute(db)
      // The name in lower case, folded by JavaScript (SQLite's lower() and LIKE fold
      // only ASCII): what search matches against, on both databases.
      await db.schema
        .alterTable('products')
        .addColumn('name_search', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      const named = await sql<{ id: string; name: string }>`select id, name from products`.execute(db)
      for (const p of named.rows)
        await sql`update products set name_search = ${p.name.toLowerCase()} where id = ${p.id}`.execute(db)

      await db.schema.dropIndex('products_category_idx').execute()
      // Category views, related products and facet counts in catalog order.
      await db.schema
        .createIndex('products_category_idx')
        .on('products')
        .columns(['category', 'sub_category', 'position'])
        .execute()
      // Price sorts; position breaks ties, so equal prices never swap between pages.
      await db.schema.createIndex('products_price_idx').on('products').columns(['price', 'position']).execute()
      await db.schema.createIndex('products_created_idx').on('products').column('created_at').execute()
      // The list's ETag reads the latest change.
      await db.schema.createIndex('products_updated_idx').on('products').column('updated_at').execute()
      await db.schema
        .createIndex('products_best_seller_idx')
        .on('products')
        .columns(['best_seller', 'position'])
        .execute()
      await db.schema
        .createIndex('product_sizes_size_idx')
        .on('product_sizes')
        .columns(['size', 'product_id'])
        .execute()

      // The distinct words of product names: what a mistyped search word is corrected to.
      await db.schema
        .createTable('catalog_terms')
        .addColumn('term', 'text', (c) => c.primaryKey())
        .execute()

      if (dialect === 'sqlite') {
        // A trigram index answers name LIKE '%text%' without reading every product.
        await sql`create virtual table products_fts using fts5(product_id unindexed, name_search, tokenize = 'trigram')`.execute(
          db,
        )
        await sql`insert into products_fts (product_id, name_search) select id, name_search from products`.execute(db)
        await sql`create trigger products_fts_insert after insert on products begin
          insert into products_fts (product_id, name_search) values (new.id, new.name_search);
        end`.execute(db)
        await sql`create trigger products_fts_update after update of name_search on products begin
          update products_fts set name_search = new.name_search where product_id = old.id;
        end`.execute(db)
        await sql`create trigger products_fts_delete after delete on products begin
          delete from products_fts where product_id = old.id;
        end`.execute(db)
      } else {
        // pg_trgm is a trusted extension: the database's owner may create it. Test schemas
        // sit side by side in one database, so creating it is serialised by a lock.
        await sql`select pg_advisory_xact_lock(727274)`.execute(db)
        await sql`create extension if not exists pg_trgm with schema public`.execute(db)
        const found = await sql<{ schema: string }>`
          select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
          where e.extname = 'pg_trgm'`.execute(db)
        const schema = found.rows[0]?.schema ?? 'public'
        await sql`create index products_name_trgm_idx on products using gin (name_search ${sql.raw(
          `${quoteIdent(schema)}.gin_trgm_ops`,
        )})`.execute(db)
      }

      const terms = [...new Set(named.rows.flatMap((r) => nameTerms(r.name)))]
      for (let i = 0; i < terms.length; i += 500) {
        const chunk = terms.slice(i, i + 500)
        await sql`insert into catalog_terms (term) values ${sql.join(chunk.map((t) => sql`(${t})`))}`.execute(db)
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        for (const t of ['products_fts_insert', 'products_fts_update', 'products_fts_delete'])
          await sql`drop trigger if exists ${sql.raw(t)}`.execute(db)
        await sql`drop table if exists products_fts`.execute(db)
      } else {
        await db.schema.dropIndex('products_name_trgm_idx').execute()
      }
      await db.schema.dropTable('catalog_terms').execute()
      for (const index of [
        'product_sizes_size_idx',
        'products_best_seller_idx',
        'products_updated_idx',
        'products_created_idx',
      ])
        await db.schema.dropIndex(index).execute()
      await db.schema.dropIndex('products_price_idx').execute()
      await db.schema.dropIndex('products_category_idx').execute()
      await db.schema
        .createIndex('products_category_idx')
        .on('products')
        .columns(['category', 'sub_category'])
        .execute()
      await db.schema.alterTable('products').dropColumn('name_search').execute()
      await db.schema.alterTable('products').dropColumn('updated_at').execute()
    },
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/**
 * The words of a product name as search knows them: lower case, letters and digits.
 * Frozen with this migration; the catalog's own copy lives in server/catalog/search.ts.
 */
function nameTerms(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
}
