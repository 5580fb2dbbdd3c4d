import { data, redirect, type RouterContextProvider } from 'react-router'
import type { PhotoSlot } from '#contracts/admin.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { postedFormValues, readProductForm, type ProductFormValues } from '#app/features/admin/product-input.ts'

/**
 * The product form's action, for a new product (id null) and an existing one: the
 * fields are checked with the console's schema, the photos' bytes go to the service,
 * which checks them too; a refusal comes back as the message to show, with what the
 * owner posted so the form shows it as they typed it (a 409 for stock that moved
 * meanwhile included: docs/decisions/017).
 */
export async function saveProductAction(
  context: Readonly<RouterContextProvider>,
  url: URL,
  request: Request,
  id: string | null,
): Promise<ReturnType<typeof data<{ message: string; values: ProductFormValues }>> | Response> {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  const read = readProductForm(form)
  if (!read.ok) return data({ message: read.message, values: postedFormValues(form) }, { status: 400 })
  const photos: Partial<Record<PhotoSlot, Uint8Array>> = {}
  for (const [slot, file] of Object.entries(read.photos))
    photos[Number(slot) as PhotoSlot] = new Uint8Array(await file.arrayBuffer())
  const saved = await attempt(context, () => services.admin.saveProduct(id, read.input, photos, admin), {
    fallback: 'The product could not be saved. Please try again.',
    what: 'product save',
  })
  // The page answers with the refusal's status (409 when stock moved meanwhile).
  if (!saved.ok) return data({ message: saved.message, values: postedFormValues(form) }, { status: saved.status })
  return redirect(`/admin/products/${saved.value.id}?saved`)
}
