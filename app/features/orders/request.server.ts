import type { RouterContextProvider } from 'react-router'
import { REQUEST_PHOTOS_MAX, requestInputSchema } from '#contracts/requests.ts'
import type { Order } from '#contracts/orders.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { parseForm, type FieldErrors } from '#app/lib/forms.ts'
import type { RequestResult } from '#app/features/orders/request-form.tsx'

type Context = Readonly<RouterContextProvider>

/**
 * The order page's request form (intent=request, multipart): for each line of the order
 * `quantity.<n>` (0: not this one) and `newSize.<n>`, the kind, the reason, a note and up
 * to three photos, read into POST /api/order/request's fields and asked of the same service.
 * A refusal answers the message, the fields at fault by line, and what was typed.
 */
export async function requestAction(
  context: Context,
  userId: string,
  order: Order,
  form: FormData,
): Promise<RequestResult> {
  const { services } = context.get(appContext)
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const kind = text('kind')
  const values: Record<string, string> = { kind, reason: text('reason'), note: text('note') }
  // Which of the order's lines each chosen piece is, to put an error beside its line.
  const lineOf: number[] = []
  const items = order.items.flatMap((line, n) => {
    const quantity = Number.parseInt(text(`quantity.${n}`), 10)
    const newSize = text(`newSize.${n}`)
    values[`quantity.${n}`] = text(`quantity.${n}`)
    values[`newSize.${n}`] = newSize
    if (!Number.isInteger(quantity) || quantity <= 0) return []
    lineOf.push(n)
    return [
      {
        _id: line._id,
        size: line.size,
        quantity,
        ...(kind === 'exchange' && newSize !== '' ? { newSize } : {}),
      },
    ]
  })
  const byLine = (fields: FieldErrors | undefined): FieldErrors =>
    Object.fromEntries(
      Object.entries(fields ?? {}).map(([key, message]) => {
        const m = /^items\.(\d+)\.(\w+)$/.exec(key)
        return m ? [`line.${lineOf[Number(m[1])] ?? 0}.${m[2]}`, message] : [key, message]
      }),
    )
  const parsed = parseForm(requestInputSchema, {
    orderId: order._id,
    kind,
    items,
    reason: values.reason,
    note: values.note,
  })
  if (!parsed.success) return { requestError: parsed.message, fieldErrors: byLine(parsed.fieldErrors), values }
  const files = form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0)
  if (files.length > REQUEST_PHOTOS_MAX)
    return { requestError: `Add at most ${REQUEST_PHOTOS_MAX} photos`, fieldErrors: {}, values }
  const photos = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())))
  const done = await attempt(context, () => services.orders.ask(userId, parsed.data, photos), {
    fallback: 'Your request could not be sent. Please try again.',
    what: 'exchange or return request',
  })
  if (!done.ok) return { requestError: done.message, fieldErrors: byLine(done.fieldErrors), values }
  return { requestSent: true }
}
