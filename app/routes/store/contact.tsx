import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Briefcase, Mail, MapPin, MessageCircle, Phone } from '#app/components/icons.tsx'
import type { Route } from './+types/contact'
import { appContext } from '#app/lib/app-context.server.ts'
import { logFault } from '#app/lib/service-result.server.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { ProductImage } from '#app/components/product-image.tsx'
import { whatsappHref } from '#app/features/layout/chat-button.tsx'
import { langOfPath } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { PageIntro } from '#app/components/page-intro.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(appContext).services
  // A picture is decoration: without the database the page still gives the store's details.
  const picture = await catalog
    .firstOf('Women', 'WinterWear')
    .then(async (p) => p ?? (await catalog.latest(1))[0])
    .catch((err: unknown) => {
      logFault(context, 'contact page picture failed', err)
      return undefined
    })
  return { image: picture ? { src: picture.image1, name: picture.name } : null }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = tFor(lang)
  return pageMeta({
    title: t('contact.meta.title', { ns: 'pages' }),
    description: t('contact.meta.description', { ns: 'pages' }),
    origin: rootOrigin(matches),
    path: '/contact',
    lang,
  })
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages')
  const { store } = useRootData()
  const { image } = loaderData
  // A phone number and an address of mail read left to right inside Urdu too.
  const channels = [
    { icon: MapPin, label: t('contact.address'), value: store.address },
    {
      icon: Phone,
      label: t('contact.phone'),
      value: store.phone,
      href: `tel:${store.phone.replace(/[^\d+]/g, '')}`,
      ltr: true,
    },
    { icon: Mail, label: t('contact.email'), value: store.email, href: `mailto:${store.email}`, ltr: true },
    {
      icon: MessageCircle,
      label: t('contact.whatsapp'),
      value: t('contact.chat'),
      href: whatsappHref(store.whatsapp, t('chat.text', { ns: 'common' })),
      external: true,
    },
  ]
  return (
    <main id="main" className="container-page py-12 sm:py-16">
      <PageIntro eyebrow={t('contact.eyebrow')} title={t('contact.title')}>
        {t('contact.intro')}
      </PageIntro>

      <div className="mt-12 grid items-start gap-10 lg:grid-cols-[5fr_6fr] lg:gap-16">
        {image && (
          <div className="order-last mx-auto w-full max-w-md overflow-hidden rounded-2xl bg-sand lg:order-first lg:max-w-none">
            <ProductImage src={image.src} alt={image.name} sizes="(min-width: 1024px) 520px, 90vw" priority />
          </div>
        )}

        <div className="space-y-6">
          <section aria-labelledby="store-title" className="rounded-2xl border border-line bg-white p-7 sm:p-9">
            <h2 id="store-title" className="text-2xl font-semibold text-ink">
              {t('contact.store')}
            </h2>
            <dl className="mt-6 space-y-5">
              {channels.map(({ icon: Icon, label, value, href, external, ltr }) => (
                <div key={label} className="relative min-h-11 ps-15">
                  <dt className="text-xs font-semibold tracking-wider text-muted uppercase">
                    <span
                      aria-hidden
                      className="absolute top-0 start-0 grid size-11 place-items-center rounded-full bg-accent-soft text-accent"
                    >
                      <Icon className="size-5" strokeWidth={1.75} />
                    </span>
                    {label}
                  </dt>
                  <dd className="mt-0.5 text-base text-ink">
                    {href ? (
                      <a
                        href={href}
                        dir={ltr ? 'ltr' : undefined}
                        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                        className="font-medium break-words underline-offset-4 hover:text-accent hover:underline"
                      >
                        {value}
                        {external && <span className="sr-only"> {t('contact.newTab')}</span>}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="careers-title" className="rounded-2xl bg-sand p-7 sm:p-9">
            <div className="flex items-center gap-3">
              <Briefcase aria-hidden className="size-6 text-accent" strokeWidth={1.75} />
              <h2 id="careers-title" className="text-2xl font-semibold text-ink">
                {t('contact.careers.title')}
              </h2>
            </div>
            <p className="mt-3 text-base leading-relaxed text-ink/85">
              {t('contact.careers.text', { store: store.name })}
            </p>
            {/*
              The spec's 'Explore Jobs' button does nothing. Rather than a button that
              silently fails, it is announced as unavailable (aria-disabled keeps it
              focusable and readable) and the line below says why.
            */}
            <button
              type="button"
              aria-disabled="true"
              aria-describedby="careers-note"
              className="btn-secondary mt-6 cursor-not-allowed border-stone-400 text-muted hover:bg-transparent hover:text-muted"
            >
              {t('contact.careers.button')}
            </button>
            <p id="careers-note" className="mt-3 text-sm text-muted">
              {t('contact.careers.none')}
            </p>
          </section>
        </div>
      </div>
    </main>
  )
}
