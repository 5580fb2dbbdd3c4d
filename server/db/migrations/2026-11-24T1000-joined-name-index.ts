import { sql, type Kysely } from 'kysely'

// A migration imports nothing of the store's code, so it runs as it ran when written.
type Dialect = 'sqlite' | 'postgres'

// A search of several words on PostgreSQL (docs/decisions/009, "Words side by side").
//
// pg_trgm takes its trigrams word by word, so its index on the name cannot ask for two
// words side by side: at 100,000 products `%blue sh%` gave about 4,800 candidates
// (every name with "blue" and a word starting "sh") for 164 names containing it, each
// read and tested. This index holds the name with everything but letters and digits
// taken out ("blue shirt" → "blueshirt"), whose trigrams span the words ("esh"): a name
// containing the search contains it joined too, so the repository adds that test and
// the candidates are the matches. SQLite's FTS5 trigram tokenizer already reads spaces
// as characters, so it needs nothing.

/** The expression indexed; server/catalog/repository.ts asks it in the same words. */
const joinedName = `regexp_replace(name_search, '[^[:alnum:]]+', '', 'g')`

export function joinedNameIndex(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return
      const found = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
      const schema = found.rows[0]?.schema ?? 'public'
      await sql`create index products_name_joined_trgm_idx on products using gin ((${sql.raw(joinedName)}) ${sql.raw(
        `"${schema.replace(/"/g, '""')}".gin_trgm_ops`,
      )})`.execute(db)
    },

    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return
      await db.schema.dropIndex('products_name_joined_trgm_idx').execute()
    },
  }
}
