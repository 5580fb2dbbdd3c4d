import { data, redirect, type RouterContextProvider } from 'react-router'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { formValues, type FieldErrors } from '#app/lib/forms.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { DISCOUNT_FIELDS, readDiscountForm, type DiscountFormValues } from '#app/features/admin/discount-input.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

/** What a discount page answers when its form stays on screen: the message, the fields' messages, what was posted. */
export interface DiscountFormAnswer {
  message: string
  fieldErrors: FieldErrors
  values: DiscountFormValues
}

/**
 * The discount form's action (docs/decisions/026): a new code (id null) or a saved one,
 * and "End now" (intent=end). Checked with the API's schema; the service writes the code
 * and its audit entry in one transaction; a refusal comes back with what was typed.
 */
export async function saveDiscountAction(
  context: Readonly<RouterContextProvider>,
  url: URL,
  request: Request,
  id: string | null,
): Promise<ReturnType<typeof data<DiscountFormAnswer>> | Response> {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  if (id !== null && form.get('intent') === 'end') {
    const ended = await attempt(context, () => services.admin.endDiscount(id, admin))
    if (!ended.ok) return data({ message: ended.message, fieldErrors: {}, values: {} }, { status: ended.status })
    return redirect(`/admin/discounts/${id}?ended`)
  }
  const values = formValues(form, DISCOUNT_FIELDS) as DiscountFormValues
  const read = readDiscountForm(values)
  if (!read.ok) return data({ message: read.message, fieldErrors: read.fieldErrors, values }, { status: 400 })
  const saved = await attempt(
    context,
    () =>
      id === null
        ? services.admin.createDiscount(read.input, admin)
        : services.admin.updateDiscount(id, read.input, admin),
    { fallback: consoleT(url.pathname)('discounts.saveFailed'), what: 'discount save' },
  )
  if (!saved.ok)
    return data({ message: saved.message, fieldErrors: saved.fieldErrors ?? {}, values }, { status: saved.status })
  return redirect(`/admin/discounts/${saved.value.id}?saved`)
}
