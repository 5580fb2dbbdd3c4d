import type { Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import type { SavedAddressesTable } from '#server/account/tables.ts'

export type SavedAddressRow = SavedAddressesTable

/** The account's addresses: the default first, then the oldest first. */
export function addressesOf(db: Executor, userId: string) {
  return addresses(db, { userId })
}

/** Checkout asks it every time: its SQL is built once (server/db/compiled.ts). */
const addresses = compiledOnce((db, args: { userId: string }) =>
  db
    .selectFrom('saved_addresses')
    .selectAll()
    .where('user_id', '=', args.userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id'),
)

/** One address, only if it is this account's. */
export function addressOf(db: Executor, userId: string, id: string) {
  return db
    .selectFrom('saved_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function countAddressesOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

type AddressColumns = Omit<SavedAddressRow, 'id' | 'user_id' | 'is_default' | 'created_at' | 'updated_at'>

/** An address of the account with exactly these fields, if one is saved already. */
export function sameAddress(db: Executor, userId: string, a: AddressColumns) {
  return db
    .selectFrom('saved_addresses')
    .select('id')
    .where('user_id', '=', userId)
    .where('first_name', '=', a.first_name)
    .where('last_name', '=', a.last_name)
    .where('email', '=', a.email)
    .where('street', '=', a.street)
    .where('city', '=', a.city)
    .where('state', '=', a.state)
    .where('pin_code', '=', a.pin_code)
    .where('country', '=', a.country)
    .where('phone', '=', a.phone)
    .executeTakeFirst()
}

export async function insertAddress(db: Executor, row: SavedAddressRow): Promise<void> {
  await db.insertInto('saved_addresses').values(row).execute()
}

export async function updateAddress(
  db: Executor,
  userId: string,
  id: string,
  values: AddressColumns & { updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('saved_addresses')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_addresses')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Makes `id` the account's one default; the unique index allows no second. */
export async function setDefaultAddress(db: Executor, userId: string, id: string): Promise<void> {
  await db
    .updateTable('saved_addresses')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .where('id', '<>', id)
    .execute()
  await db
    .updateTable('saved_addresses')
    .set({ is_default: 1 })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute()
}

/** The oldest address of the account, to become the default when the default goes. */
export function oldestAddressOf(db: Executor, userId: string) {
  return db
    .selectFrom('saved_addresses')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
}

export async function deleteAddressesOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('saved_addresses').where('user_id', '=', userId).execute()
}
