import { sql, type Kysely } from 'kysely'
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

// Orders' phone keys by libphonenumber-js, Pakistan the default region (contracts/phone.ts
// is the store's copy of the rule): the hand-written rule before it kept '3001234567', the
// number a client following the spec sends, as it was, so that customer's orders, codes
// and returns were never matched with their '03001234567'. Read and written 500 at a time.

const BATCH = 500

function phoneKey(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'PK')
  if (parsed?.isPossible()) return parsed.number.slice(1)
  return phone.replace(/\D/g, '')
}

export async function up(db: Kysely<unknown>): Promise<void> {
  let after = ''
  for (;;) {
    const { rows } = await sql<{ id: string; phone: string; phone_key: string }>`
      select id, phone, phone_key from orders where id > ${after} order by id limit ${BATCH}`.execute(db)
    for (const o of rows) {
      const key = phoneKey(o.phone)
      if (key !== o.phone_key) await sql`update orders set phone_key = ${key} where id = ${o.id}`.execute(db)
    }
    if (rows.length < BATCH) break
    after = rows.at(-1)!.id
  }
  // A code's use is keyed by its order's phone.
  await sql`update discount_redemptions set phone_key = (select o.phone_key from orders o where o.id = discount_redemptions.order_id)
    where exists (select 1 from orders o where o.id = discount_redemptions.order_id and o.phone_key <> discount_redemptions.phone_key)`.execute(
    db,
  )
}

export function down(): Promise<void> {
  // The new keys are the right ones for the old code too.
  return Promise.resolve()
}
