import { Form, Link } from 'react-router'
import { Plus } from 'lucide-react'
import type { Route } from './+types/discounts'
import { formatPrice } from '#contracts/pricing.ts'
import type { AdminDiscount } from '#contracts/discounts.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { describeValue, isoToKarachi } from '#app/features/admin/discount-input.ts'
import { saveDiscountAction } from '#app/features/admin/save-discount.server.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({
    title: 'Discount codes · Console | Kapra',
    description: 'Codes, their uses and their windows.',
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const asked = Number(url.searchParams.get('page') ?? '1')
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1
  return { list: await services.admin.discounts(page) }
}

/** "End now" from the list: the code's id comes with the form. */
export function action({ context, url, request }: Route.ActionArgs) {
  const id = url.searchParams.get('id')
  return id ? saveDiscountAction(context, url, request, id) : null
}

const statusTone: Record<AdminDiscount['status'], string> = {
  active: 'bg-green-50 text-success',
  scheduled: 'bg-sand text-ink',
  ended: 'bg-stone-100 text-muted',
  'used-up': 'bg-stone-100 text-muted',
}

const windowOf = (d: AdminDiscount) =>
  `${d.startsAt ? isoToKarachi(d.startsAt).replace('T', ' ') : 'now'} → ${d.endsAt ? isoToKarachi(d.endsAt).replace('T', ' ') : 'no end'}`

/** The owner's codes, newest first: kind and value, uses of the limit, window, status; each can be ended now. */
export default function Discounts({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="section-title">Discount codes</h1>
        <Link to="/admin/discounts/new" className="btn-primary">
          <Plus aria-hidden className="size-4" />
          New code
        </Link>
      </div>
      <p role="status" className="mt-4 text-sm text-muted">
        {list.total} {list.total === 1 ? 'code' : 'codes'} (each newsletter subscriber’s own code is not listed)
      </p>
      <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
        {list.discounts.map((d) => (
          <li
            key={d.id}
            className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_9rem_8rem_auto] sm:items-center sm:gap-4"
          >
            <span className="min-w-0">
              <Link
                to={`/admin/discounts/${d.id}`}
                className="font-semibold text-ink underline-offset-4 hover:underline"
              >
                {d.code}
              </Link>
              <span className="block text-muted">
                {describeValue(d)}
                {d.minSubtotal > 0 && ` · over ${formatPrice(d.minSubtotal)}`}
                {d.firstOrderOnly && ' · first order'}
              </span>
              <span className="block text-xs text-muted">{windowOf(d)}</span>
            </span>
            <span>
              {d.used} / {d.maxUses ?? '∞'} used
            </span>
            <span>
              <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${statusTone[d.status]}`}>
                {d.status}
              </span>
            </span>
            {d.status === 'ended' ? (
              <span />
            ) : (
              <Form method="post" action={`/admin/discounts?id=${d.id}`}>
                <input type="hidden" name="intent" value="end" />
                <button type="submit" className="btn-secondary min-h-11 px-4 py-2">
                  End now<span className="sr-only"> {d.code}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
        {list.discounts.length === 0 && <li className="px-4 py-6 text-sm text-muted">No codes yet.</li>}
      </ul>
      <Pager page={list.page} pages={list.pages} href={(n) => `/admin/discounts${n > 1 ? `?page=${n}` : ''}`} />
    </main>
  )
}
