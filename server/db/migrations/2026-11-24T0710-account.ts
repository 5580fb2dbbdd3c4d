import { sql, type Kysely } from 'kysely'

// A migration imports nothing of the store's code, so it runs as it ran when written.
type Dialect = 'sqlite' | 'postgres'

// The shopper's account page: saved delivery addresses, and deleting an account while
// its orders stay for the store's records, anonymised and no longer tied to anyone
// (docs/decisions/012). An order's user_id becomes nullable for that.

export function accountMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('saved_addresses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('street', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('pin_code', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`is_default in (0, 1)`),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('saved_addresses_user_idx')
        .on('saved_addresses')
        .columns(['user_id', 'created_at'])
        .execute()
      // At most one default address per account, whatever two requests do at once.
      await sql`create unique index saved_addresses_default_idx on saved_addresses (user_id) where is_default = 1`.execute(
        db,
      )

      if (dialect === 'postgres') await sql`alter table orders alter column user_id drop not null`.execute(db)
      else await rebuildOrdersSqlite(db, { nullable: true })
    },

    /** Fails while anonymised orders (no account) exist: they cannot belong to anyone again. */
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await sql`alter table orders alter column user_id set not null`.execute(db)
      else await rebuildOrdersSqlite(db, { nullable: false })
      await db.schema.dropTable('saved_addresses').execute()
    },
  }
}

/**
 * SQLite cannot change a column's constraint in place: the table is made again from its
 * own definition with only user_id's NOT NULL changed, its rows copied and its indexes
 * recreated (sqlite.org/lang_altertable.html, "other kinds of table schema changes").
 * Kysely runs SQLite migrations outside a transaction, so foreign keys can be switched
 * off around the copy; order_items and order_events keep pointing at "orders".
 */
async function rebuildOrdersSqlite(db: Kysely<unknown>, { nullable }: { nullable: boolean }): Promise<void> {
  const table = await sql<{
    sql: string
  }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db)
  const definition = table.rows[0]?.sql
  if (!definition) throw new Error('orders table not found')
  const from = nullable ? '"user_id" text not null references' : '"user_id" text references'
  const to = nullable ? '"user_id" text references' : '"user_id" text not null references'
  if (!definition.includes(from)) throw new Error(`orders.user_id is not defined as expected: ${definition}`)
  const created = definition.replace(from, to).replace(/^CREATE TABLE "orders"/, 'CREATE TABLE "orders_rebuilt"')
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(db)

  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await sql`begin`.execute(db)
    try {
      await sql.raw(created).execute(db)
      await sql`insert into orders_rebuilt select * from orders`.execute(db)
      await sql`drop table orders`.execute(db)
      await sql`alter table orders_rebuilt rename to orders`.execute(db)
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db)
      const broken = await sql`pragma foreign_key_check`.execute(db)
      if (broken.rows.length > 0) throw new Error('orders rebuild left foreign keys broken')
      await sql`commit`.execute(db)
    } catch (err) {
      await sql`rollback`.execute(db)
      throw err
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}
