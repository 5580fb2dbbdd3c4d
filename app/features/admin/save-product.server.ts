import { data, redirect, type RouterContextProvider } from 'react-router'
import { photoSlots, type PhotoSlot } from '#contracts/admin.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { consoleT } from '#app/features/admin/console-text.ts'
import {
  addedSizeRow,
  postedFormValues,
  readProductForm,
  type ProductFormValues,
} from '#app/features/admin/product-input.ts'

/**
 * What the product form's page answers when it stays on screen: a refused save's message
 * with what the owner posted, or (`sizeAdded`) the form as posted with one more size row.
 */
export interface ProductFormAnswer {
  message: string | null
  values: ProductFormValues
  /** "Add a size" without scripts: the page posted for a row; photos chosen were not kept. */
  sizeAdded?: { photosDropped: boolean }
}

/**
 * The product form's action, for a new product (id null) and an existing one: the
 * fields are checked with the console's schema, the photos' bytes go to the service,
 * which checks them too; a refusal comes back as the message to show, with what the
 * owner posted so the form shows it as they typed it (a 409 for stock that moved
 * meanwhile included: docs/decisions/017). "Add a size" (intent=add-size), which posts
 * only before the console's scripts run, saves nothing: the form comes back as typed
 * with one more blank size row.
 */
export async function saveProductAction(
  context: Readonly<RouterContextProvider>,
  url: URL,
  request: Request,
  id: string | null,
): Promise<ReturnType<typeof data<ProductFormAnswer>> | Response> {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  if (form.get('intent') === 'add-size') {
    // A browser cannot be handed files back: the owner is told to choose them again.
    const photosDropped = photoSlots.some((slot) => {
      const file = form.get(`photo${slot}`)
      return file instanceof File && file.size > 0
    })
    return data({ message: null, values: addedSizeRow(postedFormValues(form)), sizeAdded: { photosDropped } })
  }
  const read = readProductForm(form)
  if (!read.ok) return data({ message: read.message, values: postedFormValues(form) }, { status: 400 })
  const photos: Partial<Record<PhotoSlot, Uint8Array>> = {}
  for (const [slot, file] of Object.entries(read.photos))
    photos[Number(slot) as PhotoSlot] = new Uint8Array(await file.arrayBuffer())
  const saved = await attempt(context, () => services.admin.saveProduct(id, read.input, photos, admin), {
    fallback: consoleT(url.pathname)('product.saveFailed'),
    what: 'product save',
  })
  // The page answers with the refusal's status (409 when stock moved meanwhile).
  if (!saved.ok) return data({ message: saved.message, values: postedFormValues(form) }, { status: saved.status })
  return redirect(`/admin/products/${saved.value.id}?saved`)
}
