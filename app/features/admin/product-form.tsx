import { Fragment } from 'react'
import { Form, useNavigation } from 'react-router'
import { CircleAlert } from 'lucide-react'
import { categories, subCategories } from '#contracts/catalog.ts'
import { photoSlots, STOCK_CHANGED_MESSAGE, type AdminProduct } from '#contracts/admin.ts'
import { productFormValues, type ProductFormValues } from '#app/features/admin/product-input.ts'

const chartColumns = [
  { key: 'chest', label: 'Chest' },
  { key: 'length', label: 'Length' },
  { key: 'waist', label: 'Waist' },
  { key: 'sleeves', label: 'Sleeves' },
] as const

/**
 * The product's every field in one plain multipart form (it works before the console's
 * scripts run): name, description, price, category, sizes in order with their stock, the
 * size chart, best seller, and the four photos (JPEG, PNG or WebP up to 8 MB each).
 * `values` are what the owner posted when a save was refused, shown as they typed them;
 * the hidden opened counts stay those of the product as first opened (docs/decisions/017).
 */
export function ProductForm({
  product,
  values: posted,
  error,
}: {
  product: AdminProduct | null
  values?: ProductFormValues | undefined
  error: string | null
}) {
  const busy = useNavigation().state === 'submitting'
  const values = posted ?? productFormValues(product)
  const { sizes, chart } = values
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-8">
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
                  Reload the product
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
        <legend className="px-1 font-display text-lg font-semibold text-ink">Product</legend>
        <label className="block sm:col-span-2">
          <span className="field-label">Name</span>
          <input name="name" required maxLength={120} defaultValue={values.name} className="field-input" />
        </label>
        <label className="block sm:col-span-2">
          <span className="field-label">Description</span>
          <textarea
            name="description"
            required
            maxLength={2000}
            rows={4}
            defaultValue={values.description}
            className="field-input"
          />
        </label>
        <label className="block">
          <span className="field-label">Price (Rs, whole rupees)</span>
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
          Best seller
        </label>
        <label className="block">
          <span className="field-label">Category</span>
          <select name="category" defaultValue={values.category} className="field-input">
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="field-label">Sub-category</span>
          <select name="subCategory" defaultValue={values.subCategory} className="field-input">
            {subCategories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </fieldset>

      <fieldset className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">Sizes and stock</legend>
        <p className="text-sm text-muted">
          In the order the size picker shows them. Leave a row blank to drop it. A count you leave as it is keeps what
          orders take meanwhile.
        </p>
        <div className="mt-3 grid grid-cols-[1fr_1fr] gap-2 sm:max-w-md">
          <span className="text-xs font-semibold text-muted uppercase">Size</span>
          <span className="text-xs font-semibold text-muted uppercase">Pieces in stock</span>
          {sizes.map((s, i) => (
            <div key={i} className="contents">
              <input
                name="size"
                aria-label={`Size ${i + 1}`}
                defaultValue={s.size}
                maxLength={12}
                className="field-input"
              />
              <input
                name="stock"
                aria-label={`Stock of size ${i + 1}`}
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={s.stock}
                className="field-input"
              />
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">Size chart (inches)</legend>
        <div className="-mx-4 mt-2 overflow-x-auto px-4">
          <table className="w-full min-w-[480px] text-sm">
            <thead>
              <tr className="text-left text-xs text-muted uppercase">
                <th scope="col" className="pb-2 font-semibold">
                  Size
                </th>
                {chartColumns.map((c) => (
                  <th key={c.key} scope="col" className="pb-2 font-semibold">
                    {c.label}
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
                      aria-label={`Chart row ${i + 1} size`}
                      defaultValue={row.size}
                      maxLength={12}
                      className="field-input"
                    />
                  </td>
                  {chartColumns.map((c) => (
                    <td key={c.key} className="pr-2 pb-2">
                      <input
                        name={c.key}
                        aria-label={`Chart row ${i + 1} ${c.label.toLowerCase()}`}
                        defaultValue={row[c.key]}
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
        <legend className="px-1 font-display text-lg font-semibold text-ink">Photos</legend>
        <p className="text-sm text-muted">
          Four photos: front, back, detail, folded. JPEG, PNG or WebP, up to 8 MB each.
          {product ? ' Choose a file only to replace that photo.' : ''}
        </p>
        <div className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {photoSlots.map((slot) => (
            <label key={slot} className="block">
              <span className="field-label">Photo {slot}</span>
              {product && (
                <img
                  src={product.images[slot - 1]}
                  alt={`Current photo ${slot}`}
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
        {busy ? 'Saving…' : product ? 'Save changes' : 'Create product'}
      </button>
    </Form>
  )
}
