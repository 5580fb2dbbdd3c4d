import type { Executor } from '#server/db/database.ts'

export async function insertSubscriber(
  db: Executor,
  row: { email_normalized: string; email: string; created_at: number },
) {
  await db
    .insertInto('newsletter_subscribers')
    .values(row)
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .execute()
}

export async function deleteSubscriber(db: Executor, emailNormalized: string): Promise<void> {
  await db.deleteFrom('newsletter_subscribers').where('email_normalized', '=', emailNormalized).execute()
}
