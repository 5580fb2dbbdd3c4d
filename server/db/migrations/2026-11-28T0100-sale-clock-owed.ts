import type { Kysely } from 'kysely'

// A sale's prices brought in batches after its write commits (docs/decisions/052): the
// clock counts the sale writes whose prices are still owed, so a write whose repricing
// never ran (the process stopped between the two) is brought by the next question.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sale_clock')
    .addColumn('owed', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sale_clock').dropColumn('owed').execute()
}
