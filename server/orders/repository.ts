import type { Executor } from '#server/db/database.ts'
import type { OrderItemsTable, OrdersTable } from '#server/db/schema.ts'

export async function insertOrder(db: Executor, order: OrdersTable, items: OrderItemsTable[]): Promise<void> {
  await db.insertInto('orders').values(order).execute()
  await db.insertInto('order_items').values(items).execute()
}

export async function ordersOfUser(db: Executor, userId: string) {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  if (orders.length === 0) return { orders, items: [] }
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', userId))
    .orderBy('order_id')
    .orderBy('position')
    .execute()
  return { orders, items }
}
