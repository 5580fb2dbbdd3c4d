import { Fragment } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { Product } from '#contracts/catalog.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'

type Described = Pick<Product, '_id' | 'description' | 'category' | 'subCategory' | 'sizes'>

/**
 * The Description tab: the text beside the product's facts (category, type, sizes, code).
 * The server keeps its markup for the language and those facts (docs/decisions/050).
 */
export function ProductDescription({ product }: { product: Described }) {
  const lang = useLang()
  const { _id, description, category, subCategory, sizes } = product
  return (
    <Kept
      as="div"
      cacheKey={`description ${lang} ${JSON.stringify([_id, description, category, subCategory, sizes])}`}
      className="grid gap-6 text-sm leading-relaxed sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:gap-10"
    >
      <Facts product={product} />
    </Kept>
  )
}

function Facts({ product }: { product: Described }) {
  const { t } = useTranslation('catalog')
  const details: [string, React.ReactNode][] = [
    [t('description.category'), t(`category.${product.category}`)],
    [t('description.type'), t(`subCategory.${product.subCategory}`)],
    [
      t('description.sizes'),
      // One size never breaks across lines ('12-13Y').
      product.sizes.map((size, i) => (
        <Fragment key={size}>
          <span className="whitespace-nowrap">
            {size}
            {i < product.sizes.length - 1 ? t('list.comma') : ''}
          </span>{' '}
        </Fragment>
      )),
    ],
    [t('description.code'), product._id],
  ]
  return (
    <>
      {/* The catalog's words keep their own direction on an Urdu page. */}
      <p className="text-muted">
        <bdi>{product.description}</bdi>
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 self-start">
        {details.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink">{term}</dt>
            <dd className="break-words text-muted">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}
