import { describe, expect, it } from 'vitest'
import type { Product } from '#contracts/catalog.ts'
import urdu from '#locales/ur/index.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { filterWordIn } from '#app/features/catalog/filter-words.ts'
import { productJsonLd, serializeJsonLd } from '#app/features/catalog/json-ld.ts'

const product: Product = {
  _id: 'men-oxford',
  name: 'Men Oxford Shirt',
  price: 3290,
  compareAtPrice: null,
  saleEndsAt: null,
  description: 'A crisp cotton shirt.',
  category: 'Men',
  subCategory: 'TopWear',
  sizes: ['M'],
  image1: '/images/products/men-oxford-front-800.webp',
  image2: '/images/products/men-oxford-back-800.webp',
  image3: 'https://cdn.example.com/detail.webp',
  image4: '/images/products/men-oxford-folded-800.webp',
  sizeChart: [],
  bestSeller: false,
  date: 0,
  stock: { M: 4 },
}

const distribution = { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 }
const fit = { small: 0, true: 3, large: 0 }

describe('productJsonLd', () => {
  it('says until when a sale price holds (docs/decisions/025), and nothing of it out of a sale', () => {
    const onSale = { ...product, price: 2468, compareAtPrice: 3290, saleEndsAt: '2026-12-07T19:00:00.000Z' }
    expect(productJsonLd(onSale, 'https://kapra.pk', 'Kapra').offers).toMatchObject({
      price: '2468.00',
      priceValidUntil: '2026-12-07',
    })
    expect(productJsonLd(product, 'https://kapra.pk', 'Kapra').offers).not.toHaveProperty('priceValidUntil')
  })

  it('describes the product with absolute URLs, the brand and a PKR offer', () => {
    const ld = productJsonLd(product, 'https://kapra.pk', 'Kapra')
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Men Oxford Shirt',
      description: 'A crisp cotton shirt.',
      sku: 'men-oxford',
      brand: { '@type': 'Brand', name: 'Kapra' },
      offers: {
        '@type': 'Offer',
        url: 'https://kapra.pk/productdetail/men-oxford',
        price: '3290.00',
        priceCurrency: 'PKR',
        availability: 'https://schema.org/InStock',
      },
    })
    expect(ld.image).toEqual([
      'https://kapra.pk/images/products/men-oxford-front-800.webp',
      'https://kapra.pk/images/products/men-oxford-back-800.webp',
      'https://cdn.example.com/detail.webp',
      'https://kapra.pk/images/products/men-oxford-folded-800.webp',
    ])
  })

  it('names the category in the page language, keeping the English default', () => {
    expect(productJsonLd(product, '', 'Kapra').category).toBe('Men > TopWear')
    const ur = setUpLanguage('ur', urdu).getFixedT('ur', 'catalog')
    const ld = productJsonLd(product, '', 'Kapra', filterWordIn(ur))
    expect(ld.category).toBe('مرد > ٹاپ وئیر')
    expect(ld.offers.availability).toBe('https://schema.org/InStock')
  })

  it('claims no rating while there are no reviews (docs/spec/rulings.md #3)', () => {
    expect(productJsonLd(product, '', 'Kapra')).not.toHaveProperty('aggregateRating')
    const none = { items: [], total: 0, average: null, count: 0, distribution, fit }
    expect(productJsonLd(product, '', 'Kapra', undefined, none)).not.toHaveProperty('aggregateRating')
    expect(productJsonLd(product, '', 'Kapra', undefined, none)).not.toHaveProperty('review')
  })

  it('rates the product from its approved reviews, and lists the ones the page shows', () => {
    const review = {
      id: 'r1',
      productId: product._id,
      author: 'Ayesha',
      rating: 4,
      title: 'Crisp',
      text: 'Holds its collar after many washes.',
      fit: 'true' as const,
      size: 'M',
      photos: [],
      helpful: 0,
      reply: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      verified: true as const,
    }
    const page = { items: [review], total: 3, average: 4.3, count: 3, distribution, fit }
    const ld = productJsonLd(product, '', 'Kapra', undefined, page)
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    })
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        name: 'Crisp',
        reviewBody: 'Holds its collar after many washes.',
        datePublished: '2026-11-20',
        author: { '@type': 'Person', name: 'Ayesha' },
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ])
  })
})

describe('serializeJsonLd', () => {
  it('cannot be closed early by text in the data, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', note: 'a\u2028b' }
    const text = serializeJsonLd(value)
    expect(text).not.toContain('</script')
    expect(JSON.parse(text)).toEqual(value)
  })
})
