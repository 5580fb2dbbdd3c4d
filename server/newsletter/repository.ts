import type { Executor } from '#server/db/database.ts'

export async function insertSubscriber(
  db: Executor,
  row: { email_normalized: string; email: string; created_at: number },
) {
  await db
    .insertInto('newsletter_subscribers')
    .values({ ...row, confirmed_at: null, confirmation_sent_at: null, discount_code: null })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .execute()
}

export function findSubscriber(db: Executor, emailNormalized: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst()
}

/**
 * Claims the sending of a confirmation email: only if none was written since `sentBefore`
 * (or ever) and the address is not confirmed. False when another request claimed it.
 */
export async function claimConfirmation(
  db: Executor,
  emailNormalized: string,
  at: number,
  sentBefore: number,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ confirmation_sent_at: at })
    .where('email_normalized', '=', emailNormalized)
    .where('confirmed_at', 'is', null)
    .where((eb) => eb.or([eb('confirmation_sent_at', 'is', null), eb('confirmation_sent_at', '<=', sentBefore)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function confirmSubscriber(db: Executor, emailNormalized: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(at)) }))
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteSubscriber(db: Executor, emailNormalized: string): Promise<void> {
  await db.deleteFrom('newsletter_subscribers').where('email_normalized', '=', emailNormalized).execute()
}

/** The subscriber's own discount code (docs/decisions/026), set once with the first confirmation email. */
export async function setDiscountCode(db: Executor, emailNormalized: string, code: string): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ discount_code: code })
    .where('email_normalized', '=', emailNormalized)
    .where('discount_code', 'is', null)
    .execute()
}
