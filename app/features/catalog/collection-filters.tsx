import { useEffect, useId, useRef, useState } from 'react'
import { NavigationType, useLocation, useNavigationType } from 'react-router'
import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { useLocalePath, useNavigate } from '#app/lib/i18n/links.tsx'
import { ChevronDown, SlidersHorizontal } from '#app/components/icons.tsx'
import { categories, subCategories } from '#contracts/catalog.ts'
import {
  collectionHref,
  filtersToSearch,
  parseFilters,
  sortOptions,
  type CatalogFilters,
  type Facets,
} from '#contracts/catalog-filters.ts'
import { useHydrated } from '#app/lib/hydrated.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'
import { useReplayedTaps } from '#app/lib/replay.ts'

export const FILTERS_FORM_ID = 'collection-filters'

/** The view a filters form describes (no page: a new choice starts at page 1). */
function formView(form: HTMLFormElement): CatalogFilters {
  const search = new URLSearchParams()
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') search.append(name, value)
  return { ...parseFilters(search), page: 1 }
}

/** What a navigation made by the filters form carries in its history entry. */
type AppliedState = { appliedFilters?: string }

/** Navigates to the view a filters form describes, by its shortest URL. */
export function useApplyFilters() {
  const navigate = useNavigate()
  return (form: HTMLFormElement | null | undefined) => {
    if (!form) return
    const view = formView(form)
    const state: AppliedState = { appliedFilters: filtersToSearch(view).toString() }
    void navigate(collectionHref(view), { replace: true, preventScrollReset: true, state })
  }
}

/**
 * A key for the filters form that changes when the view comes from elsewhere (back, forward,
 * a removed chip, a link), so the form starts again from what the URL says, and stays when the
 * form itself made the view: a price typed while that view loaded is then kept, not wiped.
 */
function useFormGeneration(current: string): number {
  const location = useLocation()
  const navigationType = useNavigationType()
  const [seen, setSeen] = useState({ current, generation: 0 })
  if (seen.current !== current) {
    const madeByForm =
      navigationType === NavigationType.Replace && (location.state as AppliedState | null)?.appliedFilters === current
    const next = { current, generation: madeByForm ? seen.generation : seen.generation + 1 }
    setSeen(next)
    return next.generation
  }
  return seen.generation
}

/**
 * The collection's filters (docs/spec/store-spec.md §2 plus size and price): one plain
 * GET form of uncontrolled inputs, so it works before the app has booted and without
 * JavaScript (its Apply button shows until then), and the browser keeps every tick and
 * typed price through the boot. Once booted, each change navigates at once; a change made
 * before the boot is applied as soon as it has happened. Folded behind 'FILTERS' below 768 px.
 *
 * Its markup is kept on the server (docs/decisions/050): it draws only what its props and
 * the language say, with ids of its own rather than `useId`'s.
 */
export function CollectionFilters({ filters, facets }: { filters: CatalogFilters; facets: Facets }) {
  const lang = useLang()
  return (
    <Kept
      as="div"
      className="md:sticky md:top-[94px]"
      cacheKey={`filters ${lang} ${JSON.stringify([{ ...filters, page: 1 }, facets])}`}
    >
      <FiltersPanel filters={filters} facets={facets} />
    </Kept>
  )
}

function FiltersPanel({ filters, facets }: { filters: CatalogFilters; facets: Facets }) {
  const { t } = useTranslation('catalog')
  const localePath = useLocalePath()
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  const applyFilters = useApplyFilters()
  const form = useRef<HTMLFormElement>(null)
  const active =
    filters.categories.length +
    filters.subCategories.length +
    filters.sizes.length +
    (filters.onSale ? 1 : 0) +
    (filters.rated ? 1 : 0) +
    (filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0)

  useReplayedTaps('filters-toggle', () => setOpen((o) => !o))

  const apply = () => applyFilters(form.current)

  // What the shopper ticked or chose before the app booted is still in the form: apply it.
  const current = filtersToSearch({ ...filters, page: 1 }).toString()
  const generation = useFormGeneration(current)
  useEffect(() => {
    if (form.current && filtersToSearch(formView(form.current)).toString() !== current) apply()
    // Only on the first render after the boot; later changes apply as they happen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={FILTERS_FORM_ID}
        data-replay="filters-toggle"
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-semibold tracking-[0.14em] text-ink uppercase hover:border-ink md:hidden"
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        {t('filters.title')}
        {active > 0 && (
          <span className="grid min-w-5 place-items-center rounded-full bg-accent px-1.5 text-[11px] leading-5 font-semibold tracking-normal text-white">
            {/* The count is seen; '(… selected)' around it is heard. */}
            <Trans
              t={t}
              i18nKey="filters.selected"
              values={{ active }}
              components={[<span key="sr" className="sr-only" />]}
            />
          </span>
        )}
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <p
        aria-hidden
        className="hidden font-display text-sm font-semibold tracking-[0.18em] text-ink uppercase md:block"
      >
        {t('filters.title')}
      </p>
      <form
        // A new view from elsewhere (back, forward, a removed chip) starts from what the URL says.
        key={generation}
        ref={form}
        id={FILTERS_FORM_ID}
        method="get"
        action={localePath('/collection')}
        onSubmit={(e) => {
          e.preventDefault()
          apply()
        }}
        onChange={(e) => {
          // Ticks apply at once; a typed price applies on Enter, 'Go' or leaving the field.
          if (e.target instanceof HTMLInputElement && e.target.type === 'number') return
          apply()
        }}
        className={`${open ? 'mt-4 grid' : 'hidden'} filters-panel grid-cols-2 gap-3 md:mt-5 md:grid md:grid-cols-1 md:gap-4`}
      >
        <FilterGroup
          legend={t('filters.categories')}
          name="category"
          options={categories.map((value) => ({
            value,
            label: t(`category.${value}`),
            count: facets.categories[value],
          }))}
          checked={filters.categories}
        />
        <FilterGroup
          legend={t('filters.type')}
          name="subCategory"
          options={subCategories.map((value) => ({
            value,
            label: t(`subCategory.${value}`),
            count: facets.subCategories[value],
          }))}
          checked={filters.subCategories}
        />
        {facets.sizes.length > 0 && (
          <FilterGroup
            legend={t('filters.size')}
            name="size"
            options={facets.sizes.map(({ size, count }) => ({ value: size, label: size, count }))}
            checked={filters.sizes}
            compact
            className="col-span-2 md:col-span-1"
          />
        )}
        {/* docs/decisions/025: the products a sale has reduced now. */}
        <FilterGroup
          legend={t('filters.sale')}
          name="sale"
          options={[{ value: '1', label: t('filters.onSale'), count: facets.onSale }]}
          checked={filters.onSale ? ['1'] : []}
        />
        {/* The average of approved reviews, kept on each product's row. */}
        <FilterGroup
          legend={t('filters.rating')}
          name="rated"
          options={[{ value: '1', label: t('filters.rated'), count: facets.rated }]}
          checked={filters.rated ? ['1'] : []}
        />
        <PriceRange filters={filters} span={facets.price} onCommit={apply} />
        {filters.q.trim() && <input type="hidden" name="q" value={filters.q} />}
        {!hydrated && (
          <button type="submit" className="btn-primary col-span-2 w-full md:col-span-1">
            {t('filters.apply')}
          </button>
        )}
      </form>
      <noscript>
        {/* Without JavaScript the toggle cannot work, so the panel stays open. */}
        <style>{'[data-replay="filters-toggle"]{display:none!important}.filters-panel{display:grid!important}'}</style>
      </noscript>
    </>
  )
}

function FilterGroup({
  legend,
  name,
  options,
  checked,
  compact = false,
  className = '',
}: {
  legend: string
  name: string
  /** Each choice: its URL value (English) and the label shown. */
  options: { value: string; label: string; count: number }[]
  checked: string[]
  /** Short values (sizes) sit side by side. */
  compact?: boolean
  className?: string
}) {
  const { t } = useTranslation('catalog')
  const id = `${FILTERS_FORM_ID}-${name}`
  return (
    <fieldset className={`min-w-0 rounded-xl border border-line bg-white px-4 pt-3 pb-2 ${className}`}>
      <legend className="float-start mb-1 w-full text-xs font-semibold tracking-[0.16em] text-muted uppercase">
        {legend}
      </legend>
      <ul
        className={`clear-start ${compact ? 'grid grid-cols-2 gap-x-4 sm:grid-cols-4 md:grid-cols-2 md:gap-x-3' : ''}`}
      >
        {options.map(({ value, label, count }) => {
          const inputId = `${id}-${value}`
          const isChecked = checked.includes(value)
          return (
            <li key={value} className="flex items-center gap-2">
              <label
                htmlFor={inputId}
                className={`flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3 text-sm md:min-h-10 ${
                  count === 0 && !isChecked ? 'text-muted' : 'text-ink'
                }`}
              >
                <input
                  id={inputId}
                  type="checkbox"
                  name={name}
                  value={value}
                  defaultChecked={isChecked}
                  aria-describedby={`${inputId}-count`}
                  className="peer size-[18px] shrink-0 cursor-pointer rounded accent-ink"
                />
                <span className="whitespace-nowrap peer-checked:font-semibold">{label}</span>
              </label>
              {/* Outside the label, so the checkbox is named by its value alone and described by its count. */}
              <span id={`${inputId}-count`} className="text-xs text-muted tabular-nums">
                {count}
                <span className="sr-only"> {t('filters.products', { count })}</span>
              </span>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}

/** Whole rupees, inclusive; the placeholders show the span the other filters leave. */
function PriceRange({
  filters,
  span,
  onCommit,
}: {
  filters: CatalogFilters
  span: Facets['price']
  onCommit: () => void
}) {
  const { t } = useTranslation('catalog')
  const id = `${FILTERS_FORM_ID}-price`
  const field = (name: 'minPrice' | 'maxPrice', label: string, value: number | null, placeholder?: number) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${name}`} className="text-xs text-muted">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="number"
        name={name}
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={value ?? ''}
        placeholder={placeholder === undefined ? '' : String(placeholder)}
        onBlur={(e) => {
          if (e.currentTarget.value !== (value === null ? '' : String(value))) onCommit()
        }}
        className="field-input mt-1 w-full min-w-0 px-2.5 py-2 text-sm tabular-nums"
      />
    </div>
  )
  return (
    <fieldset className="col-span-2 min-w-0 rounded-xl border border-line bg-white px-4 pt-3 pb-3 md:col-span-1">
      <legend className="float-start mb-1 w-full text-xs font-semibold tracking-[0.16em] text-muted uppercase">
        {t('filters.price')}
      </legend>
      <div className="clear-start flex flex-wrap items-end gap-2 md:flex-col md:items-stretch">
        <div className="flex min-w-0 flex-1 items-end gap-2">
          {field('minPrice', t('filters.min'), filters.minPrice, span?.min)}
          <span aria-hidden className="pb-2.5 text-muted">
            –
          </span>
          {field('maxPrice', t('filters.max'), filters.maxPrice, span?.max)}
        </div>
        <button type="submit" className="btn-secondary min-h-10 shrink-0 px-4 text-sm">
          {t('filters.go')}
        </button>
      </div>
    </fieldset>
  )
}

/** 'Sort by' (spec: Relevant, Low to High, High to Low); part of the filters form. */
export function SortSelect({ value }: { value: CatalogFilters['sort'] }) {
  const { t } = useTranslation('catalog')
  const id = useId()
  const applyFilters = useApplyFilters()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted">
        {t('sort.label')}
      </label>
      <div className="relative">
        <select
          // Re-read from the URL when the view changes (back, forward, a link).
          key={value}
          id={id}
          name="sort"
          form={FILTERS_FORM_ID}
          defaultValue={value}
          onChange={(e) => applyFilters(e.currentTarget.form)}
          className="min-h-11 cursor-pointer appearance-none rounded-full border border-line bg-white py-2 pe-10 ps-4 text-sm font-medium text-ink hover:border-ink focus:border-ink"
        >
          {sortOptions.map((o) => (
            // The value stays the spec's ('relavent'); only its label is in the page's language.
            <option key={o.value} value={o.value}>
              {t(`sort.${o.value}`)}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 end-3.5 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  )
}
