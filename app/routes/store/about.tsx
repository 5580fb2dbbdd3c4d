import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { BadgeCheck, HeartHandshake, ShieldCheck, ShoppingBag, Truck } from '#app/components/icons.tsx'
import type { Route } from './+types/about'
import { appContext } from '#app/lib/app-context.server.ts'
import { logFault } from '#app/lib/service-result.server.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { langOfPath } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { slot, withParts } from '#app/features/account/sentence.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { PageIntro } from '#app/components/page-intro.tsx'
import { useReturnDays } from '#app/lib/root-data.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(appContext).services
  // Two pieces from the catalog stand in for photography: one for women, one for men.
  // They are decoration: without the database the page is still about the store.
  const pictures = await Promise.all([catalog.firstOf('Women', 'TopWear'), catalog.firstOf('Men', 'TopWear')]).catch(
    (err: unknown) => {
      logFault(context, 'about page pictures failed', err)
      return []
    },
  )
  return {
    images: pictures.flatMap((p) => (p ? [{ src: p.image1, name: p.name }] : [])),
    // The store's delivery settings (DELIVERY_FEE, FREE_DELIVERY_OVER: docs/decisions/026).
    delivery: context.get(appContext).services.orders.delivery(),
  }
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = tFor(lang)
  return pageMeta({
    title: t('about.meta.title', { ns: 'pages' }),
    description: t('about.meta.description', { ns: 'pages' }),
    image: loaderData?.images[0]?.src,
    origin: rootOrigin(matches),
    path: '/about',
    lang,
  })
}

/** Each reason's title and text: `about.why.<id>.title`, `.text` in the pages messages. */
const reasons = [
  { icon: BadgeCheck, id: 'quality' },
  { icon: ShoppingBag, id: 'convenience' },
  { icon: HeartHandshake, id: 'service' },
] as const

/** A bold lead in a policy's line. */
const lead = (text: React.ReactNode) => <strong className="font-semibold text-ink">{text}</strong>

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages')
  const days = useReturnDays()
  const { store } = useRootData()
  const email = (
    <a href={`mailto:${store.email}`} dir="ltr" className="font-medium text-accent underline underline-offset-2">
      {store.email}
    </a>
  )
  const [first, second] = loaderData.images
  return (
    <main id="main" className="container-page py-12 sm:py-16">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <PageIntro eyebrow={t('about.eyebrow')} title={t('about.title')}>
            {t('about.intro', { store: store.name })}
          </PageIntro>
          <div className="mt-8 max-w-2xl space-y-5 text-base leading-relaxed text-ink/85">
            <p>{t('about.p1')}</p>
            <p>{t('about.p2')}</p>
          </div>
          <div className="mt-8 max-w-2xl rounded-xl border-s-4 border-accent bg-accent-soft px-6 py-5">
            <h2 className="font-sans text-sm font-semibold tracking-wider text-accent-dark uppercase">
              {t('about.mission.title')}
            </h2>
            <p className="mt-2 text-base leading-relaxed text-ink">{t('about.mission.text')}</p>
          </div>
        </div>
        {first && (
          <div className="relative mx-auto w-full max-w-md lg:max-w-none">
            <div className="w-4/5 overflow-hidden rounded-2xl bg-sand shadow-sm">
              <ProductImage src={first.src} alt={first.name} sizes="(min-width: 1024px) 480px, 80vw" priority />
            </div>
            {second && (
              <div className="absolute end-0 -bottom-8 w-1/2 overflow-hidden rounded-2xl border-4 border-paper bg-sand shadow-lg">
                <ProductImage src={second.src} alt={second.name} sizes="(min-width: 1024px) 300px, 50vw" />
              </div>
            )}
          </div>
        )}
      </div>

      <section aria-labelledby="why-title" className="mt-24 sm:mt-28">
        <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{t('about.why.eyebrow')}</p>
        <h2 id="why-title" className="section-title mt-2">
          {t('about.why.title')}
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {reasons.map(({ icon: Icon, id }) => (
            <li key={id} className="rounded-2xl border border-line bg-white p-7">
              <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
                <Icon aria-hidden className="size-6" strokeWidth={1.75} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">{t(`about.why.${id}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`about.why.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 grid gap-5 lg:grid-cols-2">
        <section id="delivery" aria-labelledby="delivery-title" className="scroll-mt-24 rounded-2xl bg-sand p-7 sm:p-9">
          <div className="flex items-center gap-3">
            <Truck aria-hidden className="size-6 text-accent" strokeWidth={1.75} />
            <h2 id="delivery-title" className="text-2xl font-semibold text-ink">
              {t('delivery.title')}
            </h2>
          </div>
          <ul className="mt-5 list-disc space-y-3 ps-5 text-sm leading-relaxed text-ink/85 marker:text-accent">
            <li>{withParts(t('delivery.cod', { lead: slot('lead') }), { lead: lead(t('delivery.codLead')) })}</li>
            <li>
              {withParts(t('delivery.fee', { lead: slot('lead') }), {
                lead: lead(
                  withParts(t('delivery.feeLead', { fee: slot('fee') }), {
                    fee: <bdi>{formatPrice(loaderData.delivery.fee)}</bdi>,
                  }),
                ),
              })}
            </li>
            {loaderData.delivery.freeOver !== null && (
              <li>
                {withParts(t('delivery.freeOver', { amount: slot('amount') }), {
                  amount: <bdi>{formatPrice(loaderData.delivery.freeOver)}</bdi>,
                })}
              </li>
            )}
            <li>
              {withParts(t('delivery.track', { orders: slot('orders') }), { orders: lead(t('delivery.myOrders')) })}
            </li>
            <li>
              {withParts(t('delivery.returns', { phone: slot('phone'), email: slot('email'), days, count: days }), {
                phone: (
                  <bdi dir="ltr" className="whitespace-nowrap">
                    {store.phone}
                  </bdi>
                ),
                email,
              })}
            </li>
          </ul>
        </section>

        <section id="privacy" aria-labelledby="privacy-title" className="scroll-mt-24 rounded-2xl bg-sand p-7 sm:p-9">
          <div className="flex items-center gap-3">
            <ShieldCheck aria-hidden className="size-6 text-accent" strokeWidth={1.75} />
            <h2 id="privacy-title" className="text-2xl font-semibold text-ink">
              {t('privacy.title')}
            </h2>
          </div>
          <p className="mt-5 text-sm leading-relaxed text-ink/85">{t('privacy.intro')}</p>
          <ul className="mt-3 list-disc space-y-3 ps-5 text-sm leading-relaxed text-ink/85 marker:text-accent">
            {(['account', 'orders', 'newsletter'] as const).map((id) => (
              <li key={id}>
                {withParts(t(`privacy.${id}`, { lead: slot('lead') }), { lead: lead(t(`privacy.${id}Lead`)) })}
              </li>
            ))}
            <li>{t('privacy.session')}</li>
          </ul>
          <p className="mt-4 text-sm leading-relaxed text-ink/85">
            {withParts(t('privacy.contact', { email: slot('email') }), { email })}
          </p>
        </section>
      </div>
    </main>
  )
}
