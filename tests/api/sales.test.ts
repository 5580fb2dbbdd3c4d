import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '#contracts/catalog.ts'
import type { CatalogPage } from '#contracts/catalog-filters.ts'
import type { Order } from '#contracts/orders.ts'
import type { Sale, SalePage } from '#contracts/sales.ts'
import type { ChangeFeed, CatalogChange } from '#server/catalog/changes.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { createJobService } from '#server/jobs/service.ts'
import * as salesRepo from '#server/catalog/sales-repository.ts'
import { databases, type TestClient } from '#tests/api/harness.ts'
import { FEE, NOT_ADMIN, NOT_SIGNED_IN, json, pkt, storeWithClock } from '#tests/api/admin-console.ts'
import { demoProducts } from '#demo/seed.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// Sale prices (docs/decisions/025): the console's sales API, its refusals, the price a
// shopper sees and pays inside a sale's window and out of it, on the store's own clock.

const HOUR = 60 * 60 * 1000
const START = pkt('2026-12-01', '00:00')
const END = pkt('2026-12-08', '00:00')
const iso = (t: number) => new Date(t).toISOString()

describe.each(databases)('sale prices (%s)', (kind) => {
  let setup: Awaited<ReturnType<typeof storeWithClock>>
  let owner: TestClient
  let shopper: TestClient

  const product = async (id: string) => json<Product>(await shopper.get(`/api/product/${id}`))
  const priceNow = async (id: string) => {
    const p = await product(id)
    return { price: p.price, compareAtPrice: p.compareAtPrice, saleEndsAt: p.saleEndsAt }
  }
  const sales = async () => json<SalePage>(await owner.get('/api/admin/sales'))
  const create = async (body: object) => json<{ sale: Sale }>(await owner.post('/api/admin/sales', body), 201)
  const endSale = async (id: string) => json<{ sale: Sale }>(await owner.post(`/api/admin/sales/${id}`, { end: true }))

  beforeAll(async () => {
    setup = await storeWithClock(kind, pkt('2026-11-26', '12:00'))
    owner = (await setup.admin()).client
    shopper = (await setup.customer()).client
  })
  afterAll(() => setup.store.close())

  // A sale's repricing of a store of four products took 1.6 s on PostgreSQL, all of it JIT
  // compiling a statement whose estimate, on tables without statistics yet, passed the threshold.
  it.runIf(kind === 'postgres')('asks PostgreSQL without its JIT compiler', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(setup.store.connection.db)
    expect(rows[0]?.jit).toBe('off')
  })

  it('keeps guests (401) and customers (403) out of the sales API', async () => {
    const guest = setup.store.client('10.99.0.1')
    const body = { name: 'Eid', percentOff: 20, startsAt: iso(START), endsAt: iso(END) }
    for (const [client, status, message] of [
      [guest, 401, NOT_SIGNED_IN],
      [shopper, 403, NOT_ADMIN],
    ] as const) {
      expect(await json(await client.get('/api/admin/sales'), status)).toEqual(message)
      expect(await json(await client.post('/api/admin/sales', body), status)).toEqual(message)
    }
    expect((await sales()).total).toBe(0)
  })

  it.each([
    [{ percentOff: 0 }, 'percentOff must be at least 1'],
    [{ percentOff: 91 }, 'percentOff must be at most 90'],
    [{ percentOff: 12.5 }, 'percentOff must be a whole number'],
    [{ name: '  ' }, 'name must not be empty'],
    [{ endsAt: iso(START) }, 'endsAt must be after startsAt'],
    [{ endsAt: iso(START - HOUR) }, 'endsAt must be after startsAt'],
    [{ startsAt: '2026-12-01 00:00' }, 'startsAt must be an ISO 8601 time'],
    [{ startsAt: '2026-02-30T00:00:00+05:00' }, 'startsAt must be a real date'],
    [{ productIds: ['oxford-shirt'], category: 'Men' }, 'not both'],
    [{ category: 'Shoes' }, 'category must be one of'],
  ])('refuses a bad sale with 400 and a message naming it, changing nothing: %j', async (bad, message) => {
    const res = await owner.post('/api/admin/sales', {
      name: 'Eid',
      percentOff: 20,
      startsAt: iso(START),
      endsAt: iso(END),
      ...bad,
    })
    const body = await json<{ message: string }>(res, 400)
    expect(body.message).toContain(message)
    expect((await sales()).total).toBe(0)
  })

  it('refuses a sale of a product the store does not have with 422, changing nothing', async () => {
    const res = await owner.post('/api/admin/sales', {
      name: 'Eid',
      percentOff: 20,
      productIds: ['oxford-shirt', 'no-such-thing'],
      startsAt: iso(START),
      endsAt: iso(END),
    })
    expect((await json<{ message: string }>(res, 422)).message).toBe('No such product: no-such-thing')
    expect((await sales()).total).toBe(0)
  })

  it('refuses a bad change to a sale (400, 404, 422) and keeps guests and customers out of it, changing nothing', async () => {
    const { clock } = setup
    clock.t = pkt('2026-11-27', '12:00')
    const { sale } = await create({
      name: 'Later',
      percentOff: 15,
      startsAt: iso(clock.t + 24 * HOUR),
      endsAt: iso(clock.t + 48 * HOUR),
    })
    const refused = async (body: object, status: number, message: string, client = owner, id = sale.id) => {
      const res = await client.post(`/api/admin/sales/${id}`, body)
      expect((await json<{ message: string }>(res, status)).message).toContain(message)
    }
    await refused({ percentOff: 0 }, 400, 'percentOff must be at least 1')
    await refused({ endsAt: iso(clock.t) }, 422, 'endsAt must be after startsAt')
    await refused({ end: false }, 400, 'end must be true')
    await refused({ scope: 'store', category: 'Men' }, 422, 'A sale of the whole store names no products or category')
    await refused({ productIds: ['no-such-thing'] }, 422, 'No such product: no-such-thing')
    await refused({ percentOff: 30 }, 404, 'Sale not found', owner, 'no-such-sale')
    await refused({ percentOff: 30 }, 401, 'Please log in', setup.store.client('10.99.0.2'))
    await refused({ percentOff: 30 }, 403, "This is for the store's admins only", shopper)
    const after = await json<Sale & { audit: unknown[] }>(await owner.get(`/api/admin/sales/${sale.id}`))
    expect(after).toMatchObject({ percentOff: 15, scope: 'store', status: 'scheduled', endsAt: sale.endsAt })
    expect(after.audit).toHaveLength(1)
    // A change that is good: the audit log keeps what it was and what it became.
    const changed = await json<{ sale: Sale }>(
      await owner.post(`/api/admin/sales/${sale.id}`, { percentOff: 30, category: 'Kids' }),
    )
    expect(changed.sale).toMatchObject({ percentOff: 30, scope: 'category', category: 'Kids' })
    const history = await json<{ audit: { action: string; before: unknown; after: unknown }[] }>(
      await owner.get(`/api/admin/sales/${sale.id}`),
    )
    expect(history.audit.at(-1)).toMatchObject({
      action: 'update',
      before: { percentOff: 15, scope: 'store', category: null },
      after: { percentOff: 30, scope: 'category', category: 'Kids' },
    })
    // Ended before it began: it never starts.
    const ended = await endSale(sale.id)
    expect(ended.sale).toMatchObject({ status: 'ended', startsAt: iso(clock.t), endsAt: iso(clock.t) })
    clock.t += 25 * HOUR
    expect((await priceNow('kids-hoodie')).compareAtPrice).toBeNull()
  })

  it('never takes a price below Rs 1', async () => {
    const { clock, store } = setup
    clock.t = pkt('2026-11-28', '12:00')
    await store.services.catalog.add(
      demoProducts([makeProduct({ id: 'tiny-sock', price: 3, category: 'Women' })], clock.t),
    )
    const { sale } = await create({
      name: 'Clearance',
      percentOff: 90,
      productIds: ['tiny-sock'],
      startsAt: iso(clock.t),
      endsAt: iso(clock.t + HOUR),
    })
    expect(await priceNow('tiny-sock')).toMatchObject({ price: 1, compareAtPrice: 3 })
    await endSale(sale.id)
    expect(await priceNow('tiny-sock')).toMatchObject({ price: 3, compareAtPrice: null })
  })

  it('starts and ends a sale on time: the window’s edges on the store’s clock, with no restart', async () => {
    const { clock } = setup
    // A question asked before the sale keeps counts; the boundary must drop them.
    const lowHigh = async () =>
      json<CatalogPage<Product>>(await shopper.get('/api/products?sort=low-high&minPrice=100&maxPrice=2000'))
    expect((await lowHigh()).items.map((p) => p._id)).toEqual(['kids-hoodie'])
    const { sale } = await create({
      name: 'Men’s winter',
      percentOff: 20,
      category: 'Men',
      startsAt: iso(START),
      endsAt: iso(END),
    })
    expect(sale).toMatchObject({ scope: 'category', category: 'Men', subCategory: null, status: 'scheduled' })
    expect(sale.startsAt).toBe(iso(START))

    clock.t = START - 1
    expect(await priceNow('oxford-shirt')).toEqual({ price: 2499, compareAtPrice: null, saleEndsAt: null })
    expect((await lowHigh()).total).toBe(1)
    expect((await json<CatalogPage<Product>>(await shopper.get('/api/products'))).facets.onSale).toBe(0)
    clock.t = START
    expect(await priceNow('oxford-shirt')).toEqual({ price: 1999, compareAtPrice: 2499, saleEndsAt: iso(END) })
    expect(await priceNow('denim-jeans')).toMatchObject({ price: 2799, compareAtPrice: 3499 })
    // Not Men: untouched.
    expect(await priceNow('kids-hoodie')).toEqual({ price: 1799, compareAtPrice: null, saleEndsAt: null })
    // The price filter and "Low to High" read the sale price.
    expect((await lowHigh()).items.map((p) => [p._id, p.price, p.compareAtPrice])).toEqual([
      ['kids-hoodie', 1799, null],
      ['oxford-shirt', 1999, 2499],
    ])
    expect((await sales()).items.find((s) => s.id === sale.id)!.status).toBe('running')
    // The collection's "On sale": the products a sale reduced, counted in every view.
    const onSale = await json<CatalogPage<Product>>(await shopper.get('/api/products?sale=1&sort=low-high'))
    expect(onSale.items.map((p) => p._id)).toEqual(['oxford-shirt', 'denim-jeans'])
    expect(onSale.facets.onSale).toBe(2)
    expect((await json<CatalogPage<Product>>(await shopper.get('/api/products?category=Kids'))).facets.onSale).toBe(0)
    expect((await json<CatalogPage<Product>>(await shopper.get('/api/products'))).facets.onSale).toBe(2)
    expect((await shopper.get('/api/products?sale=yes')).status).toBe(400)

    clock.t = END - 1
    expect((await priceNow('oxford-shirt')).price).toBe(1999)
    clock.t = END
    expect(await priceNow('oxford-shirt')).toEqual({ price: 2499, compareAtPrice: null, saleEndsAt: null })
    expect((await lowHigh()).items.map((p) => p._id)).toEqual(['kids-hoodie'])
    expect((await json<CatalogPage<Product>>(await shopper.get('/api/products'))).facets.onSale).toBe(0)
    expect((await sales()).items.find((s) => s.id === sale.id)!.status).toBe('ended')
    // An ended sale is not changed again.
    const again = await owner.post(`/api/admin/sales/${sale.id}`, { percentOff: 30 })
    expect((await json<{ message: string }>(again, 409)).message).toBe(
      'This sale has ended and can no longer be changed',
    )
  })

  it('gives the lowest price where sales overlap, and ends one now without touching the other', async () => {
    const { clock } = setup
    clock.t = pkt('2026-12-10', '10:00')
    const from = clock.t - HOUR
    const men = (
      await create({ name: 'Men', percentOff: 20, category: 'Men', startsAt: iso(from), endsAt: iso(from + 48 * HOUR) })
    ).sale
    const shirt = (
      await create({
        name: 'Shirt',
        percentOff: 25,
        productIds: ['oxford-shirt'],
        startsAt: iso(from),
        endsAt: iso(from + 24 * HOUR),
      })
    ).sale
    expect(shirt).toMatchObject({ scope: 'products', productIds: ['oxford-shirt'], status: 'running' })
    // 2499 less 25% is 1874.25: 1874, below the Men sale's 1999; the jeans only in the Men sale.
    expect(await priceNow('oxford-shirt')).toEqual({
      price: 1874,
      compareAtPrice: 2499,
      saleEndsAt: iso(from + 24 * HOUR),
    })
    expect((await priceNow('denim-jeans')).price).toBe(2799)

    const ended = (await endSale(shirt.id)).sale
    expect(ended.status).toBe('ended')
    expect(await priceNow('oxford-shirt')).toEqual({
      price: 1999,
      compareAtPrice: 2499,
      saleEndsAt: iso(from + 48 * HOUR),
    })
    // Every write is in the audit log.
    const history = await json<{ audit: { action: string }[] }>(await owner.get(`/api/admin/sales/${shirt.id}`))
    expect(history.audit.map((a) => a.action)).toEqual(['create', 'end'])
    await endSale(men.id)
    expect((await priceNow('oxford-shirt')).compareAtPrice).toBeNull()
  })

  it('charges the sale price in force when the order is placed, even before the boundary is crossed', async () => {
    const { clock, store } = setup
    clock.t = pkt('2026-12-20', '10:00')
    const { sale } = await create({
      name: 'Store',
      percentOff: 10,
      startsAt: iso(clock.t + HOUR),
      endsAt: iso(clock.t + 2 * HOUR),
    })
    expect(sale.scope).toBe('store')
    clock.t += HOUR
    // Nothing has asked since the start: the order's own reading of prices applies the sale.
    const prices = await store.connection.db
      .transaction()
      .execute((trx) => store.services.catalog.pricesOf(trx, ['kids-hoodie']))
    expect(prices[0]!.price).toBe(1619)
    const added = await shopper.post('/api/cart/update', { itemId: 'kids-hoodie', size: '4-5Y', quantity: 2 })
    expect(added.status).toBe(200)
    const res = await shopper.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'kids-hoodie', size: '4-5Y', quantity: 2 }],
      amount: 2 * 1619 + FEE,
    })
    const { order } = await json<{ order: Order }>(res, 201)
    expect(order.amount).toBe(2 * 1619 + FEE)
    expect(order.items[0]!.price).toBe(1619)
    await endSale(sale.id)
  })

  it('refuses an own sale price at or above the price, and applies a lower one over its window', async () => {
    const { clock, store } = setup
    const admin = await setup.admin('Second Admin')
    const current = await store.services.admin.product('denim-jeans')
    const input = {
      name: current.name,
      description: current.description,
      price: current.price,
      category: current.category,
      subCategory: current.subCategory,
      sizes: current.sizes,
      sizeChart: current.sizeChart,
      bestSeller: current.bestSeller,
      openedStock: Object.fromEntries(current.sizes.map((s) => [s.size, s.stock])),
    }
    clock.t = pkt('2026-12-22', '10:00')
    const window = { startsAt: clock.t, endsAt: clock.t + HOUR }
    await expect(
      store.services.admin.saveProduct('denim-jeans', { ...input, sale: { price: 3499, ...window } }, {}, admin.user),
    ).rejects.toMatchObject({ status: 422, message: 'The sale price must be below the price' })
    expect((await priceNow('denim-jeans')).price).toBe(3499)
    const saved = await store.services.admin.saveProduct(
      'denim-jeans',
      { ...input, sale: { price: 2999, ...window } },
      {},
      admin.user,
    )
    expect(saved).toMatchObject({ price: 3499, priceNow: 2999, compareAtPrice: 3499 })
    expect(saved.sale).toEqual({ price: 2999, startsAt: iso(window.startsAt), endsAt: iso(window.endsAt) })
    expect(saved.audit.at(-1)).toMatchObject({ action: 'update', after: { sale: saved.sale } })
    expect(await priceNow('denim-jeans')).toEqual({ price: 2999, compareAtPrice: 3499, saleEndsAt: iso(window.endsAt) })
    clock.t = window.endsAt
    expect((await priceNow('denim-jeans')).price).toBe(3499)
  })

  it('crosses a boundary once across instances, and tells the others to drop what they keep', async () => {
    const { clock, store } = setup
    clock.t = pkt('2026-12-24', '10:00')
    const told: CatalogChange[] = []
    const feed: ChangeFeed = {
      ready: Promise.resolve(),
      publish: (c) => void told.push(c),
      subscribe: () => {},
      close: () => Promise.resolve(),
    }
    const now = () => clock.t
    // A second instance over the same database, with its own change feed.
    const other = createCatalogService(store.connection.db, store.connection.dialect, {
      now,
      changes: feed,
      jobs: createJobService(store.connection.db, now),
    })
    const { sale } = await create({
      name: 'Kids',
      percentOff: 50,
      category: 'Kids',
      startsAt: iso(clock.t + HOUR),
      endsAt: iso(clock.t + 2 * HOUR),
    })
    expect((await other.get('kids-hoodie'))?.price).toBe(1799)
    told.length = 0
    clock.t += HOUR
    expect((await other.get('kids-hoodie'))?.price).toBe(900)
    expect(told).toEqual(['catalog'])
    const lease = await store.connection.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', 'sale-boundaries')
      .executeTakeFirstOrThrow()
    expect(Number(lease.last_run_at)).toBe(clock.t)
    // The first instance finds the price already brought and answers it.
    expect((await priceNow('kids-hoodie')).price).toBe(900)
    await endSale(sale.id)
  })

  // docs/decisions/052: a sale write commits, then its prices follow a batch of products a
  // transaction; a write whose prices were never brought (the process stopped between the
  // two) is still owed, and the next question brings it.
  it('brings a sale write’s owed prices at the next question, a batch of products at a time', async () => {
    const { clock, store } = setup
    clock.t = pkt('2026-12-26', '10:00')
    const now = () => clock.t
    // Another instance that reprices a product a transaction and has not yet been asked anything.
    const other = createCatalogService(store.connection.db, store.connection.dialect, { now, repriceBatch: 1 })
    const owed = async () =>
      Number((await store.connection.db.selectFrom('sale_clock').select('owed').executeTakeFirstOrThrow()).owed)
    expect(await owed()).toBe(0)
    const made = await store.connection.db.transaction().execute((trx) =>
      other.sales.createSale(trx, {
        name: 'Men',
        percentOff: 50,
        category: 'Men',
        // Begun before the prices were last brought: only what is owed finds it.
        startsAt: clock.t - 30 * 24 * HOUR,
        endsAt: clock.t + HOUR,
      }),
    )
    // Committed, its prices not yet brought (as if the process had stopped here).
    expect(await owed()).toBe(1)
    const listed = await store.connection.db
      .selectFrom('products')
      .select(['id', 'price'])
      .where('id', 'in', ['oxford-shirt', 'denim-jeans'])
      .orderBy('id')
      .execute()
    expect(listed).toEqual([
      { id: 'denim-jeans', price: 3499 },
      { id: 'oxford-shirt', price: 2499 },
    ])
    // The next question brings every product, each in its own transaction.
    expect((await other.get('oxford-shirt'))?.price).toBe(1250)
    expect((await other.get('denim-jeans'))?.price).toBe(1750)
    expect((await other.get('kids-hoodie'))?.price).toBe(1799)
    const sizes = await store.connection.db
      .selectFrom('product_sizes')
      .select('price')
      .distinct()
      .where('product_id', '=', 'oxford-shirt')
      .execute()
    expect(sizes).toEqual([{ price: 1250 }])
    expect(await owed()).toBe(0)
    // The console ends it: its answer comes after the prices are brought.
    await endSale(made.id)
    expect(await owed()).toBe(0)
    expect((await other.get('oxford-shirt'))?.price).toBe(2499)
  })

  it('tries a repricing that failed again after 1 s, 2 s, 4 s…, never at every question', async () => {
    const { clock, store } = setup
    const db = store.connection.db
    clock.t = pkt('2026-12-28', '10:00')
    const now = () => clock.t
    const failed: string[] = []
    const other = createCatalogService(db, store.connection.dialect, {
      now,
      log: (msg, fields) => failed.push(`${msg}: ${String(fields.err)}`),
    })
    // A database that refuses every change of a price (a full disk, say), on either kind.
    if (kind === 'sqlite') {
      await sql`create trigger refuse_prices before update of price on products begin select raise(abort, 'no room left'); end`.execute(
        db,
      )
    } else {
      await sql`create function refuse_prices() returns trigger language plpgsql as $$ begin raise exception 'no room left'; end $$`.execute(
        db,
      )
      await sql`create trigger refuse_prices before update of price on products for each row execute function refuse_prices()`.execute(
        db,
      )
    }
    const made = await db.transaction().execute((trx) =>
      other.sales.createSale(trx, {
        name: 'Men',
        percentOff: 50,
        category: 'Men',
        startsAt: clock.t - HOUR,
        endsAt: clock.t + 24 * HOUR,
      }),
    )
    const ask = async () => (await other.get('oxford-shirt'))?.price
    // The first question tries and fails; the catalog answers what it last knew.
    expect(await ask()).toBe(2499)
    expect(failed).toHaveLength(1)
    expect(failed[0]).toContain('no room left')
    // The questions after it do not try again until a second has passed, then two more.
    for (let i = 0; i < 3; i++) await ask()
    expect(failed).toHaveLength(1)
    clock.t += 1_000
    await ask()
    await ask()
    expect(failed).toHaveLength(2)
    clock.t += 1_000
    await ask()
    expect(failed).toHaveLength(2)
    clock.t += 1_000
    await ask()
    expect(failed).toHaveLength(3)
    // The database takes prices again: the next try, 4 s on, brings them.
    await sql`drop trigger refuse_prices${sql.raw(kind === 'sqlite' ? '' : ' on products')}`.execute(db)
    clock.t += 3_999
    expect(await ask()).toBe(2499)
    clock.t += 1
    expect(await ask()).toBe(1250)
    expect(failed).toHaveLength(3)
    await endSale(made.id)
    expect(await ask()).toBe(2499)
  })

  it('brings a sale write that commits while another’s prices are being brought, in the same answer', async () => {
    // A store of its own: ten Kids products, then twenty Men, in the id order batches follow.
    const pad = (i: number) => String(i).padStart(2, '0')
    const catalog = [
      ...Array.from({ length: 10 }, (_, i) => makeProduct({ id: `a-kids-${pad(i)}`, price: 2000, category: 'Kids' })),
      ...Array.from({ length: 20 }, (_, i) => makeProduct({ id: `b-men-${pad(i)}`, price: 3000, category: 'Men' })),
    ]
    const { clock, store } = await storeWithClock(kind, pkt('2026-12-30', '10:00'), catalog)
    try {
      const db = store.connection.db
      const now = () => clock.t
      // One product a transaction: a run takes thirty transactions, with turns between them.
      const other = createCatalogService(db, store.connection.dialect, { now, repriceBatch: 1 })
      const price = async (id: string) =>
        (await db.selectFrom('products').select('price').where('id', '=', id).executeTakeFirstOrThrow()).price
      const sale = (category: 'Men' | 'Kids') =>
        db.transaction().execute((trx) =>
          other.sales.createSale(trx, {
            name: category,
            percentOff: 50,
            category,
            startsAt: clock.t - HOUR,
            endsAt: clock.t + 24 * HOUR,
          }),
        )
      await sale('Men')
      let done = false
      const bringing = other.sales.bringPrices().then(() => (done = true))
      // Once the run has passed every Kids product, the Kids sale commits, the run still going.
      while ((await price('b-men-00')) !== 1500) await new Promise((resolve) => setImmediate(resolve))
      await sale('Kids')
      expect(done).toBe(false)
      expect(await price('b-men-19')).toBe(3000)
      await bringing
      // Owed by the second write, the Kids products the first run had passed are brought too.
      for (const id of ['a-kids-00', 'a-kids-09']) expect(await price(id)).toBe(1000)
      for (const id of ['b-men-00', 'b-men-19']) expect(await price(id)).toBe(1500)
      expect(Number((await db.selectFrom('sale_clock').select('owed').executeTakeFirstOrThrow()).owed)).toBe(0)
    } finally {
      await store.close()
    }
  })

  it('keeps a sale write made during a repricing owed after it', async () => {
    const { store } = setup
    const db = store.connection.db
    const clock = () => db.selectFrom('sale_clock').select(['owed', 'priced_at']).executeTakeFirstOrThrow()
    const before = await clock()
    await salesRepo.owePrices(db)
    const paid = await salesRepo.pricesOwed(db)
    expect(paid).toBe(Number(before.owed) + 1)
    // A second write commits while the repricing that read `paid` runs.
    await salesRepo.owePrices(db)
    await salesRepo.pricesBrought(db, Number(before.priced_at) + 1, paid)
    expect(Number((await clock()).owed)).toBe(Number(before.owed) + 1)
    expect(await salesRepo.nextBoundary(db)).toBe(0)
    await salesRepo.pricesBrought(db, Number(before.priced_at) + 2, 1)
    expect(Number((await clock()).owed)).toBe(Number(before.owed))
  })
})
