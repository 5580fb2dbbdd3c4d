// After `npm run bench:sale`: for every size of the sale's products, the pieces its
// orders hold and the stock left, read from the database itself (SQLite or PostgreSQL).
import pg from 'pg'

export interface SizeLedger {
  productId: string
  size: string
  /** Pieces in orders placed since the sale opened. */
  sold: number
  /** The size's stock now. */
  stock: number
}

export async function saleLedger(
  where: { databaseUrl: string | undefined; sqliteFile: string | undefined },
  productIds: string[],
  since: number,
): Promise<SizeLedger[]> {
  const sizesSql = (p: (i: number) => string) =>
    `select product_id, size, stock from product_sizes where product_id in (${productIds.map((_, i) => p(i)).join(', ')}) order by product_id, position`
  const soldSql = (p: (i: number) => string) =>
    `select i.product_id, i.size, sum(i.quantity) as sold from order_items i join orders o on o.id = i.order_id
     where o.created_at >= ${p(productIds.length)} and i.product_id in (${productIds.map((_, i) => p(i)).join(', ')})
     group by i.product_id, i.size`
  let sizes: { product_id: string; size: string; stock: number | string }[]
  let sold: { product_id: string; size: string; sold: number | string }[]
  if (where.databaseUrl) {
    const c = new pg.Client({ connectionString: where.databaseUrl })
    await c.connect()
    try {
      sizes = (
        await c.query<(typeof sizes)[number]>(
          sizesSql((i) => `$${i + 1}`),
          productIds,
        )
      ).rows
      sold = (
        await c.query<(typeof sold)[number]>(
          soldSql((i) => `$${i + 1}`),
          [...productIds, since],
        )
      ).rows
    } finally {
      await c.end()
    }
  } else {
    const { default: SQLite } = await import('better-sqlite3')
    const db = new SQLite(where.sqliteFile, { readonly: true })
    try {
      sizes = db.prepare(sizesSql(() => '?')).all(...productIds) as typeof sizes
      sold = db.prepare(soldSql(() => '?')).all(since, ...productIds) as typeof sold
    } finally {
      db.close()
    }
  }
  const key = (productId: string, size: string) => `${productId}\u0000${size}`
  const soldOf = new Map(sold.map((r) => [key(r.product_id, r.size), Number(r.sold)]))
  return sizes.map((s) => ({
    productId: s.product_id,
    size: s.size,
    sold: soldOf.get(key(s.product_id, s.size)) ?? 0,
    stock: Number(s.stock),
  }))
}
