import { data, redirect, type RouterContextProvider } from 'react-router'
import type { SaleUpdate } from '#contracts/sales.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { postedSaleValues, readSaleForm, type SaleFormValues } from '#app/features/admin/sale-input.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

/** What a sale's page answers when its form stays on screen: the refusal, with what was posted. */
export interface SaleFormAnswer {
  message: string
  values: SaleFormValues
}

/**
 * The sale form's action (docs/decisions/025): a new sale (id null) or a change to one,
 * or, with `intent=end`, "End now". The fields are checked with the API's schema; the
 * service refuses what they cannot tell (an unknown product, an ended sale).
 */
export async function saveSaleAction(
  context: Readonly<RouterContextProvider>,
  url: URL,
  request: Request,
  id: string | null,
): Promise<ReturnType<typeof data<SaleFormAnswer>> | Response> {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  const t = consoleT(url.pathname)
  if (id !== null && form.get('intent') === 'end') {
    const ended = await attempt(context, () => services.admin.updateSale(id, { end: true }, admin))
    if (!ended.ok) return data({ message: ended.message, values: postedSaleValues(form) }, { status: ended.status })
    return redirect(`/admin/sales/${id}?ended`)
  }
  const values = postedSaleValues(form)
  const read = readSaleForm(t, values)
  if (!read.ok) return data({ message: read.message, values }, { status: 400 })
  const input = read.input
  const saved = await attempt(
    context,
    () => {
      if (id === null) return services.admin.createSale(input, admin)
      const wholeStore = !input.productIds && !input.category && !input.subCategory
      const update: SaleUpdate = { ...input, ...(wholeStore ? { scope: 'store' } : {}) }
      return services.admin.updateSale(id, update, admin)
    },
    { fallback: t('sales.saveFailed'), what: 'sale save' },
  )
  if (!saved.ok) return data({ message: saved.message, values }, { status: saved.status })
  return redirect(`/admin/sales/${saved.value.id}?saved`)
}
