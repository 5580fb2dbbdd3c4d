import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { ArrowLeft, Banknote, CircleAlert, RefreshCcw, ShieldCheck } from '#app/components/icons.tsx'
import type { Product } from '#contracts/catalog.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { ProductImage } from '#app/components/product-image.tsx'
import { maybeMessage } from '#app/features/account/messages.ts'
import { useReturnDays } from '#app/lib/root-data.ts'

/** A few of the store's pieces for the brand panel. */
export type Showcase = Pick<Product, '_id' | 'image1'>[]

const promises = [
  { icon: Banknote, text: 'layout.promise.cod' },
  { icon: RefreshCcw, text: 'layout.promise.returns' },
  { icon: ShieldCheck, text: 'layout.promise.original' },
] as const

/**
 * Login and Registration stand outside the store layout (docs/spec/store-spec.md §2): a brand
 * panel beside the form on wide screens, the form alone on phones.
 */
export function AuthLayout({
  eyebrow,
  title,
  intro,
  showcase,
  children,
}: {
  eyebrow: string
  title: string
  intro: React.ReactNode
  showcase: Showcase
  children: React.ReactNode
}) {
  const { t } = useTranslation('account')
  const days = useReturnDays()
  const { store } = useRootData()
  const name = store.name.toUpperCase()
  return (
    <div className="grid min-h-dvh bg-paper lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside
        aria-label={t('layout.why', { store: store.name })}
        className="relative hidden overflow-hidden bg-accent-dark text-white lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16"
      >
        <div
          aria-hidden
          className="pointer-events-none absolute -top-24 -start-24 size-72 rounded-full bg-accent opacity-60 blur-3xl"
        />
        <Link
          to="/"
          className="relative w-fit font-display text-2xl font-bold tracking-[0.2em] text-white"
          aria-label={t('storeHome', { ns: 'common', store: store.name })}
        >
          {name}
        </Link>
        <div className="relative max-w-md">
          <p className="text-xs font-semibold tracking-[0.25em] text-white/80 uppercase">{t('layout.tagline')}</p>
          {/* Nastaliq's tall letters need more room between lines than the English face (docs/decisions/022). */}
          <p className="mt-4 font-display text-4xl leading-tight rtl:leading-[2] font-semibold xl:text-[2.75rem]">
            {t('layout.headline')}
          </p>
          <p className="mt-4 text-base leading-relaxed text-white/85">{t('layout.line')}</p>
        </div>
        {showcase.length > 0 && (
          <div aria-hidden className="relative grid max-w-md grid-cols-3 items-end gap-3">
            {showcase.map((p, i) => (
              <div
                key={p._id}
                className={`overflow-hidden rounded-xl bg-sand shadow-2xl ring-1 ring-white/10 ${i === 1 ? '-translate-y-6' : ''}`}
              >
                <ProductImage src={p.image1} alt="" sizes="150px" />
              </div>
            ))}
          </div>
        )}
        <ul className="relative space-y-3 text-sm text-white/90">
          {promises.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <span className="grid size-8 place-items-center rounded-full bg-white/10">
                <Icon aria-hidden className="size-4" />
              </span>
              {t(text, { days, count: days })}
            </li>
          ))}
        </ul>
      </aside>

      <main id="main" className="flex flex-col px-5 pt-6 pb-12 sm:px-8 lg:px-16 lg:pt-10">
        <div className="flex items-center justify-between">
          <Link
            to="/"
            className="font-display text-xl font-bold tracking-[0.2em] text-ink lg:invisible"
            aria-label={t('storeHome', { ns: 'common', store: store.name })}
          >
            {name}
          </Link>
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-muted hover:text-accent"
          >
            <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
            {t('layout.back')}
          </Link>
        </div>
        <div className="mx-auto my-auto w-full max-w-md py-10">
          <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{eyebrow}</p>
          <h1 className="mt-3 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
          <p className="mt-3 text-muted">{intro}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>
    </div>
  )
}

/** The line between the password form and the Google button. */
export function OrDivider() {
  const { t } = useTranslation('account')
  return (
    <div className="my-6 flex items-center gap-4 text-xs font-semibold tracking-[0.2em] text-muted uppercase">
      <span aria-hidden className="h-px flex-1 bg-line" />
      {t('layout.or')}
      <span aria-hidden className="h-px flex-1 bg-line" />
    </div>
  )
}

/**
 * A failure the server answered, announced as it appears (docs/spec/rulings.md #9). The
 * message is the server's or the form check's English, shown in the page's language.
 */
export function FormAlert({ message }: { message: string | undefined }) {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>{maybeMessage(t, message)}</p>
    </div>
  )
}
