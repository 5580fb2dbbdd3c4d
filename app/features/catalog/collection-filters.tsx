import { useId, useState } from 'react'
import { Form } from 'react-router'
import { ChevronDown, SlidersHorizontal } from 'lucide-react'
import { categories, subCategories, type Category, type SubCategory } from '#contracts/catalog.ts'
import { sortOptions, type CatalogFilters, type SortKey } from '#app/features/catalog/filter.ts'

export const FILTERS_FORM_ID = 'collection-filters'

/**
 * The collection's filters (spec section 2): category and sub-category checkboxes,
 * folded behind 'FILTERS' below 768 px and a sidebar from there up. A plain GET form,
 * so it also works before (or without) JavaScript; with it, every change navigates.
 */
export function CollectionFilters({
  filters,
  counts,
  onChange,
}: {
  filters: CatalogFilters
  counts: { categories: Record<Category, number>; subCategories: Record<SubCategory, number> }
  onChange: (next: CatalogFilters) => void
}) {
  const [open, setOpen] = useState(false)
  const active = filters.categories.length + filters.subCategories.length

  const toggle = <T extends string>(list: T[], value: T, on: boolean, order: readonly T[]): T[] =>
    order.filter((v) => (v === value ? on : list.includes(v)))

  return (
    <div className="md:sticky md:top-[94px]">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={FILTERS_FORM_ID}
        onClick={() => setOpen((o) => !o)}
        className="js-only flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-semibold tracking-[0.14em] text-ink uppercase hover:border-ink md:hidden"
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        Filters
        {active > 0 && (
          <span className="grid min-w-5 place-items-center rounded-full bg-accent px-1.5 text-[11px] leading-5 font-semibold tracking-normal text-white">
            <span className="sr-only">(</span>
            {active}
            <span className="sr-only"> selected)</span>
          </span>
        )}
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <p
        aria-hidden
        className="hidden font-display text-sm font-semibold tracking-[0.18em] text-ink uppercase md:block"
      >
        Filters
      </p>
      <Form
        id={FILTERS_FORM_ID}
        method="get"
        action="/collection"
        preventScrollReset
        replace
        className={`${open ? 'mt-4 grid' : 'hidden'} filters-panel grid-cols-2 gap-3 md:mt-5 md:grid md:grid-cols-1 md:gap-4`}
      >
        <FilterGroup
          legend="Categories"
          name="category"
          options={categories}
          checked={filters.categories}
          counts={counts.categories}
          onToggle={(value, on) =>
            onChange({ ...filters, categories: toggle(filters.categories, value, on, categories) })
          }
        />
        <FilterGroup
          legend="Type"
          name="subCategory"
          options={subCategories}
          checked={filters.subCategories}
          counts={counts.subCategories}
          onToggle={(value, on) =>
            onChange({ ...filters, subCategories: toggle(filters.subCategories, value, on, subCategories) })
          }
        />
        {filters.q.trim() && <input type="hidden" name="q" value={filters.q} />}
        <noscript className="col-span-2 md:col-span-1">
          <button type="submit" className="btn-primary w-full">
            Apply
          </button>
        </noscript>
      </Form>
      <noscript>
        {/* Without JavaScript the toggle cannot work, so the panel stays open. */}
        <style>{'.js-only{display:none!important}.filters-panel{display:grid!important;margin-top:0!important}'}</style>
      </noscript>
    </div>
  )
}

function FilterGroup<T extends string>({
  legend,
  name,
  options,
  checked,
  counts,
  onToggle,
}: {
  legend: string
  name: string
  options: readonly T[]
  checked: T[]
  counts: Record<T, number>
  onToggle: (value: T, on: boolean) => void
}) {
  const id = useId()
  return (
    <fieldset className="min-w-0 rounded-xl border border-line bg-white px-4 pt-3 pb-2">
      <legend className="float-left mb-1 w-full text-xs font-semibold tracking-[0.16em] text-muted uppercase">
        {legend}
      </legend>
      <ul className="clear-left">
        {options.map((value) => {
          const inputId = `${id}-${value}`
          const isChecked = checked.includes(value)
          return (
            <li key={value}>
              <label
                htmlFor={inputId}
                className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink md:min-h-10"
              >
                <input
                  id={inputId}
                  type="checkbox"
                  name={name}
                  value={value}
                  checked={isChecked}
                  onChange={(e) => onToggle(value, e.target.checked)}
                  className="size-[18px] shrink-0 cursor-pointer rounded accent-ink"
                />
                <span className={isChecked ? 'font-semibold' : ''}>{value}</span>
                <span aria-hidden className="ml-auto text-xs text-muted tabular-nums">
                  {counts[value]}
                </span>
              </label>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}

/** 'Sort by' (spec: Relevant, Low to High, High to Low); part of the filters form. */
export function SortSelect({ value, onChange }: { value: SortKey; onChange: (sort: SortKey) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted">
        Sort by
      </label>
      <div className="relative">
        <select
          id={id}
          name="sort"
          form={FILTERS_FORM_ID}
          value={value}
          onChange={(e) => onChange(e.target.value as SortKey)}
          className="min-h-11 cursor-pointer appearance-none rounded-full border border-line bg-white py-2 pr-10 pl-4 text-sm font-medium text-ink hover:border-ink focus:border-ink"
        >
          {sortOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  )
}
