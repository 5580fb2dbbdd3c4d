import { describe, expect, it } from 'vitest'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { describeFilters, FILTER_WORDS, NO_FILTERS, priceRangeLabel } from '#contracts/catalog-filters.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { filterWordIn } from '#app/features/catalog/filter-words.ts'

const en = setUpLanguage('en', english).getFixedT('en', 'catalog')
const ur = setUpLanguage('ur', urdu).getFixedT('ur', 'catalog')

describe('filter words', () => {
  it('are the English catalog messages, word for word', () => {
    for (const [key, text] of Object.entries(FILTER_WORDS)) expect(english.catalog, key).toHaveProperty([key], text)
  })

  it('describe a view in English as contracts do by default', () => {
    const view = { ...NO_FILTERS, categories: ['Men', 'Kids'] as const, sizes: ['M', 'L'], minPrice: 1000, q: 'polo' }
    const filters = { ...view, categories: [...view.categories] }
    expect(describeFilters(filters, filterWordIn(en))).toBe(describeFilters(filters))
    expect(describeFilters(filters, filterWordIn(en))).toBe('Men & Kids · size M or L · from Rs 1,000 · “polo”')
  })

  it('describe a view in Urdu, the URL values and prices left as they are', () => {
    const filters = {
      ...NO_FILTERS,
      categories: ['Women' as const],
      subCategories: ['WinterWear' as const],
      sizes: ['S'],
    }
    expect(describeFilters(filters, filterWordIn(ur))).toBe('خواتین · ونٹر وئیر · سائز S')
    expect(priceRangeLabel({ minPrice: 1000, maxPrice: 3000 }, filterWordIn(ur))).toBe('Rs 1,000 سے 3,000 تک')
    expect(priceRangeLabel({ minPrice: null, maxPrice: 2500 }, filterWordIn(ur))).toBe('Rs 2,500 تک')
  })
})
