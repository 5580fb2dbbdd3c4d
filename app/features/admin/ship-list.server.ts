import type { RouterContextProvider } from 'react-router'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues } from '#app/lib/forms.ts'
import { consoleT } from '#app/features/admin/console-text.ts'
import type { BulkShipAnswer } from '#app/features/admin/courier-booking.tsx'

/** An uploaded list larger than this is refused: 500 lines of a courier's CSV fit many times over. */
const MAX_FILE_BYTES = 200_000

/**
 * The Packing tab's bulk shipping (README, "Booking with a courier"): the pasted list and the
 * uploaded file's lines together, shipped with the chosen courier by the console's service,
 * which refuses the whole list when a line is wrong.
 */
export async function shipFromListAction(
  context: Readonly<RouterContextProvider>,
  url: URL,
  request: Request,
): Promise<BulkShipAnswer> {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const t = consoleT(url.pathname)
  const form = await request.formData()
  const { courier = '', list: pasted = '' } = formValues(form, ['courier', 'list'])
  const file = form.get('file')
  if (file instanceof File && file.size > MAX_FILE_BYTES)
    return { ok: false, message: t('booking.tooLarge'), courier, list: pasted }
  const uploaded = file instanceof File && file.size > 0 ? await file.text() : ''
  const list = [pasted, uploaded].filter((part) => part.trim() !== '').join('\n')
  const shipped = await attempt(context, () => services.admin.shipList(courier, list, admin), {
    fallback: t('booking.failed'),
    what: 'bulk shipping',
  })
  if (!shipped.ok) return { ok: false, message: shipped.message, courier, list: pasted }
  return { ok: true, shipped: shipped.value.shipped.map((s) => s.number), failed: shipped.value.failed }
}
