import { Fragment, useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert, Plus } from '#app/components/icons.tsx'
import { categories, subCategories } from '#contracts/catalog.ts'
import { photoSlots, STOCK_CHANGED_MESSAGE, type AdminProduct } from '#contracts/admin.ts'
import {
  addedSizeRow,
  canAddSize,
  productFormValues,
  type ProductFormValues,
} from '#app/features/admin/product-input.ts'

const chartColumns = ['chest', 'length', 'waist', 'sleeves'] as const

/**
 * The product's every field in one plain multipart form (it works before the console's
 * scripts run): name and description in English and, optionally, in Urdu, price,
 * category, sizes in order with their stock, the size chart, best seller, and the four
 * photos (JPEG, PNG or WebP up to 8 MB each). `values` are what the owner posted when a
 * save was refused or a size row was asked for, shown as they typed them; the hidden
 * opened counts stay those of the product as first opened (docs/decisions/017).
 *
 * "Add a size" is a submit button, so without scripts the page posts the form and
 * answers it as typed with one more size row (`sizeAdded`); with them, the row is added
 * here and nothing is posted (the photos chosen stay chosen).
 */
export function ProductForm({
  product,
  values: posted,
  error,
  sizeAdded,
}: {
  product: AdminProduct | null
  values?: ProductFormValues | undefined
  error: string | null
  sizeAdded?: { photosDropped: boolean } | undefined
}) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  // Rows added here to the values drawn; values posted back hold them already.
  const [added, setAdded] = useState({ to: posted, rows: 0 })
  const addedRows = added.to === posted ? added.rows : 0
  let values = posted ?? productFormValues(product)
  for (let i = 0; i < addedRows; i++) values = addedSizeRow(values)
  const { sizes, chart } = values
  const sizeRows = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (addedRows > 0)
      [...(sizeRows.current?.querySelectorAll<HTMLElement>('input[name="size"]') ?? [])].at(-1)?.focus()
  }, [addedRows])
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-8">
      {/* Enter in a field saves, as before "Add a size" came first in the form: a browser
          submits with the form's first submit button. Out of sight and of the tab order. */}
      <button type="submit" disabled={busy} tabIndex={-1} aria-hidden="true" className="sr-only">
        {product ? t('form.save') : t('form.create')}
      </button>
      {error && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-danger/30 bg-red-50 p-3 text-sm font-medium text-danger"
        >
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          <span>
            {error}
            {/* The shelf moved under the form: the product as it is now, one tap away. */}
            {product && error === STOCK_CHANGED_MESSAGE && (
              <>
                {' '}
                <a href={`/admin/products/${product.id}`} className="font-semibold underline underline-offset-4">
                  {t('form.reload')}
                </a>
              </>
            )}
          </span>
        </p>
      )}
      {values.opened.map((o, i) => (
        <Fragment key={`${i}-${o.size}`}>
          <input type="hidden" name="openedSize" value={o.size} />
          <input type="hidden" name="openedStock" value={o.stock} />
        </Fragment>
      ))}
      <fieldset className="min-w-0 grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('form.product')}</legend>
        <label className="block sm:col-span-2">
          <span className="field-label">{t('form.name')}</span>
          <input name="name" required maxLength={120} defaultValue={values.name} className="field-input" />
        </label>
        {/* The Urdu storefront's words, where the owner writes them (it shows the English otherwise). */}
        <label className="block sm:col-span-2">
          <span className="field-label">{t('form.nameUr')}</span>
          <input
            name="nameUr"
            dir="rtl"
            lang="ur"
            maxLength={120}
            defaultValue={values.nameUr}
            className="field-input"
          />
        </label>
        <label className="block sm:col-span-2">
          <span className="field-label">{t('form.description')}</span>
          <textarea
            name="description"
            required
            maxLength={2000}
            rows={4}
            defaultValue={values.description}
            className="field-input"
          />
        </label>
        <label className="block sm:col-span-2">
          <span className="field-label">{t('form.descriptionUr')}</span>
          <textarea
            name="descriptionUr"
            dir="rtl"
            lang="ur"
            maxLength={2000}
            rows={4}
            defaultValue={values.descriptionUr}
            className="field-input"
          />
        </label>
        <label className="block">
          <span className="field-label">{t('form.price')}</span>
          <input
            name="price"
            required
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={values.price}
            className="field-input"
          />
        </label>
        <label className="flex min-h-11 items-center gap-3 self-end text-sm text-ink">
          <input type="checkbox" name="bestSeller" defaultChecked={values.bestSeller} className="size-5 accent-ink" />
          {t('form.bestSeller')}
        </label>
        <label className="block">
          <span className="field-label">{t('form.category')}</span>
          <select name="category" defaultValue={values.category} className="field-input">
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="field-label">{t('form.subCategory')}</span>
          <select name="subCategory" defaultValue={values.subCategory} className="field-input">
            {subCategories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </fieldset>

      {/* This product's own sale (docs/decisions/025); the console's sales are at /admin/sales. */}
      <fieldset className="grid min-w-0 gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-3 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('form.sale')}</legend>
        <p className="text-sm text-muted sm:col-span-3">{t('form.saleHelp')}</p>
        <label className="block">
          <span className="field-label">{t('form.salePrice')}</span>
          <input
            name="salePrice"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={values.salePrice}
            className="field-input"
          />
        </label>
        <label className="block">
          <span className="field-label">{t('form.saleStartsAt')}</span>
          <input type="datetime-local" name="saleStartsAt" defaultValue={values.saleStartsAt} className="field-input" />
        </label>
        <label className="block">
          <span className="field-label">{t('form.saleEndsAt')}</span>
          <input type="datetime-local" name="saleEndsAt" defaultValue={values.saleEndsAt} className="field-input" />
        </label>
      </fieldset>

      <fieldset className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('form.sizes')}</legend>
        <p className="text-sm text-muted">{t('form.sizesHelp')}</p>
        <div ref={sizeRows} className="mt-3 grid grid-cols-[1fr_1fr] gap-2 sm:max-w-md">
          <span className="text-xs font-semibold text-muted uppercase">{t('form.size')}</span>
          <span className="text-xs font-semibold text-muted uppercase">{t('form.stock')}</span>
          {sizes.map((s, i) => (
            <div key={i} className="contents">
              <input
                name="size"
                aria-label={t('form.sizeRow', { row: i + 1 })}
                defaultValue={s.size}
                maxLength={12}
                // The row the page was posted for, scrolled to and ready to type in.
                autoFocus={sizeAdded && i === sizes.length - 1}
                className="field-input"
              />
              <input
                name="stock"
                aria-label={t('form.stockRow', { row: i + 1 })}
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={s.stock}
                className="field-input"
              />
            </div>
          ))}
        </div>
        {canAddSize(values) && (
          <button
            type="submit"
            name="intent"
            value="add-size"
            // Asking for a row checks nothing: the fields may still be half filled.
            formNoValidate
            onClick={(event) => {
              event.preventDefault()
              setAdded({ to: posted, rows: addedRows + 1 })
            }}
            className="btn-secondary mt-3 w-full normal-case sm:w-auto"
          >
            <Plus aria-hidden className="size-4" />
            {t('form.addSize')}
          </button>
        )}
      </fieldset>

      <fieldset className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('form.chart')}</legend>
        <div className="-mx-4 mt-2 overflow-x-auto px-4">
          <table className="w-full min-w-[480px] text-sm">
            <thead>
              <tr className="text-left text-xs text-muted uppercase">
                <th scope="col" className="pb-2 font-semibold">
                  {t('form.size')}
                </th>
                {chartColumns.map((c) => (
                  <th key={c} scope="col" className="pb-2 font-semibold">
                    {t(`form.chart.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.map((row, i) => (
                <tr key={i}>
                  <td className="pr-2 pb-2">
                    <input
                      name="chartSize"
                      aria-label={t('form.chart.sizeCell', { row: i + 1 })}
                      defaultValue={row.size}
                      maxLength={12}
                      className="field-input"
                    />
                  </td>
                  {chartColumns.map((c) => (
                    <td key={c} className="pr-2 pb-2">
                      <input
                        name={c}
                        aria-label={t(`form.chart.${c}Cell`, { row: i + 1 })}
                        defaultValue={row[c]}
                        maxLength={10}
                        className="field-input"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('form.photos')}</legend>
        <p className="text-sm text-muted">
          {t('form.photosHelp')}
          {product ? ` ${t('form.photosReplace')}` : ''}
        </p>
        {sizeAdded?.photosDropped && (
          <p role="status" className="mt-2 text-sm font-medium text-ink">
            {t('form.photosDropped')}
          </p>
        )}
        <div className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {photoSlots.map((slot) => (
            <label key={slot} className="block">
              <span className="field-label">{t('form.photo', { slot })}</span>
              {product && (
                <img
                  src={product.images[slot - 1]}
                  alt={t('form.currentPhoto', { slot })}
                  className="mb-2 aspect-[4/5] w-full rounded-lg bg-sand object-cover"
                />
              )}
              <input
                type="file"
                name={`photo${slot}`}
                accept="image/jpeg,image/png,image/webp"
                required={!product}
                className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-ink file:bg-white file:px-4 file:text-sm file:font-semibold"
              />
            </label>
          ))}
        </div>
      </fieldset>

      <button type="submit" disabled={busy} className="btn-primary w-full scroll-mb-28 sm:w-auto">
        {busy ? t('form.saving') : product ? t('form.save') : t('form.create')}
      </button>
    </Form>
  )
}
