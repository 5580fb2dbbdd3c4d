import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { ProductSummary } from '#contracts/catalog.ts'
import { ProductCardItem, ProductGrid } from '#app/components/product-card.tsx'

/** Products like this one, under the product; nothing when there are none. */
export function RelatedProducts({ items }: { items: ProductSummary[] }) {
  const { t } = useTranslation('catalog')
  if (items.length === 0) return null
  return (
    <section aria-labelledby="related-title" className="mt-10 border-t border-line pt-10 sm:mt-14 sm:pt-14">
      <h2 id="related-title" className="section-title mb-8">
        {t('related.title')}
      </h2>
      <ProductGrid columns="grid-cols-2 lg:grid-cols-4">
        {items.map((p) => (
          <ProductCardItem key={p._id} product={p} />
        ))}
      </ProductGrid>
    </section>
  )
}
