import { redirect, type RouterContextProvider } from 'react-router'
import type { PhotoSlot } from '#contracts/admin.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { readProductForm } from '#app/features/admin/product-input.ts'

/**
 * The product form's action, for a new product (id null) and an existing one: the
 * fields are checked with the console's schema, the photos' bytes go to the service,
 * which checks them too; a refusal comes back as the message to show.
 */
export async function saveProductAction(
  context: Readonly<RouterContextProvider>,
  url: URL,
  request: Request,
  id: string | null,
): Promise<{ message: string } | Response> {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  const read = readProductForm(form)
  if (!read.ok) return { message: read.message }
  const photos: Partial<Record<PhotoSlot, Uint8Array>> = {}
  for (const [slot, file] of Object.entries(read.photos))
    photos[Number(slot) as PhotoSlot] = new Uint8Array(await file.arrayBuffer())
  const saved = await attempt(context, () => services.admin.saveProduct(id, read.input, photos, admin), {
    fallback: 'The product could not be saved. Please try again.',
    what: 'product save',
  })
  if (!saved.ok) return { message: saved.message }
  return redirect(`/admin/products/${saved.value.id}?saved`)
}
