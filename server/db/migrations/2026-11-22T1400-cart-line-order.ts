import { sql, type Kysely } from 'kysely'

// Cart lines keep the place they were added in: a quantity change (which touches
// updated_at) no longer sends the line to the end of the cart.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cart_items')
    .addColumn('added_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update cart_items set added_at = updated_at`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cart_items').dropColumn('added_at').execute()
}
