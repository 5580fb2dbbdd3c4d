import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { TFunction } from 'i18next'
import type { FilterWord } from '#contracts/catalog-filters.ts'

/**
 * The collection's filter labels in a page's language: contracts name the words by key
 * (FILTER_WORDS) and the `catalog` messages hold them in each language, so the URL's
 * values stay English while the labels are the page's (docs/decisions/022).
 */
export function filterWordIn(t: TFunction<'catalog'>): FilterWord {
  return (key, values) => t(key, { replace: values })
}

/** filterWordIn for a component: the page's language. */
export function useFilterWord(): FilterWord {
  const { t } = useTranslation('catalog')
  return filterWordIn(t)
}
