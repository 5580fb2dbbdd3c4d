import type { Product } from '#contracts/catalog.ts'
import { englishFilterWord, type FilterWord } from '#contracts/catalog-filters.ts'
import type { ReviewsPage } from '#contracts/reviews.ts'

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`)

/**
 * Product structured data, so a shared or searched product shows its picture and
 * price. aggregateRating and review come only from approved reviews, and only when there
 * is one (docs/spec/rulings.md #3): `reviews` is what the page shows of them.
 * The category is display text, in the page's language (`word`); schema.org's own values stay.
 */
export function productJsonLd(
  product: Product,
  origin: string,
  brand: string,
  word: FilterWord = englishFilterWord,
  reviews: ReviewsPage | null = null,
) {
  const url = absolute(origin, `/productdetail/${product._id}`)
  const rated = reviews && reviews.count > 0 && reviews.average !== null ? reviews : null
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    description: product.description,
    image: [product.image1, product.image2, product.image3, product.image4].map((i) => absolute(origin, i)),
    sku: product._id,
    productID: product._id,
    category: `${word(`category.${product.category}`)} > ${word(`subCategory.${product.subCategory}`)}`,
    brand: { '@type': 'Brand', name: brand },
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'PKR',
      // During a sale its price holds until the sale ends (docs/decisions/025).
      ...(product.compareAtPrice !== null && product.saleEndsAt
        ? { priceValidUntil: product.saleEndsAt.slice(0, 10) }
        : {}),
      availability: Object.values(product.stock).some((n) => n > 0)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rated.average,
            reviewCount: rated.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: rated.items.map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.text,
            datePublished: r.createdAt.slice(0, 10),
            author: { '@type': 'Person', name: r.author },
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  }
}

/** JSON for an inline <script>: '<' escaped, so no text in the data can end the script early. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
