import type { Kysely } from 'kysely'

// Reviews from shoppers who received the piece: one a shopper and product (edited in
// place), waiting for the owner until approved or hidden, with up to three photos (their
// image keys, JSON) and the helpful votes, one an account. A product keeps the count,
// the sum and the average (hundredths of a star) of its approved reviews, written in the
// decision's transaction, so a listing sorts and filters by rating from its own row
// without reading reviews.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The delivered order it was bought in, and the size bought there (orders outlive their accounts).
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    // The name it is shown under: the reviewer's first name as it was when they wrote it.
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fit', 'text', (c) => c.notNull())
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('has_photos', 'integer', (c) => c.notNull().defaultTo(0))
    // 'pending', 'approved' or 'hidden'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('helpful', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute()
  // One review a shopper and product; an account's reviews go with it.
  await db.schema
    .createIndex('reviews_user_product_idx')
    .on('reviews')
    .columns(['user_id', 'product_id'])
    .unique()
    .execute()
  // A product's approved reviews in each of the storefront's orders, with or without photos.
  await db.schema
    .createIndex('reviews_newest_idx')
    .on('reviews')
    .columns(['product_id', 'status', 'created_at desc'])
    .execute()
  await db.schema
    .createIndex('reviews_helpful_idx')
    .on('reviews')
    .columns(['product_id', 'status', 'helpful desc', 'created_at desc'])
    .execute()
  await db.schema
    .createIndex('reviews_lowest_idx')
    .on('reviews')
    .columns(['product_id', 'status', 'rating', 'created_at desc'])
    .execute()
  await db.schema
    .createIndex('reviews_photos_idx')
    .on('reviews')
    .columns(['product_id', 'status', 'has_photos', 'created_at desc'])
    .execute()
  // The console's queue, oldest waiting first.
  await db.schema.createIndex('reviews_queue_idx').on('reviews').columns(['status', 'created_at']).execute()

  await db.schema
    .createTable('review_votes')
    .addColumn('review_id', 'text', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'user_id'])
    .execute()
  await db.schema.createIndex('review_votes_user_idx').on('review_votes').column('user_id').execute()

  await db.schema
    .alterTable('products')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('products')
    .addColumn('rating_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // The average in hundredths of a star (437: 4.37); 0 without approved reviews.
  await db.schema
    .alterTable('products')
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // "Top rated": the average falling, then the catalog's order.
  await db.schema
    .createIndex('products_rating_idx')
    .on('products')
    .columns(['archived', 'rating desc', 'position'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_rating_idx').execute()
  await db.schema.alterTable('products').dropColumn('rating').execute()
  await db.schema.alterTable('products').dropColumn('rating_total').execute()
  await db.schema.alterTable('products').dropColumn('rating_count').execute()
  await db.schema.dropTable('review_votes').execute()
  await db.schema.dropTable('reviews').execute()
}
