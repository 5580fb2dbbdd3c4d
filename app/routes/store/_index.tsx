import { redirect } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { Route } from './+types/_index'
import { LANGUAGE_COOKIE, langOfPath, preferredLang } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { requestLang } from '#app/lib/i18n/language.ts'
import { inLanguage } from '#app/lib/i18n/product-text.ts'
import { LanguageOffer } from '#app/features/home/language-offer.tsx'
import { appContext } from '#app/lib/app-context.server.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { ProductCardItem, ProductGrid } from '#app/components/product-card.tsx'
import { Hero } from '#app/features/home/hero.tsx'
import { heroMedia } from '#app/features/home/hero-slots.ts'
import { NewsletterForm } from '#app/features/home/newsletter-form.tsx'
import { newsletterNotice } from '#app/features/home/newsletter.ts'
import { Policies } from '#app/features/home/policies.tsx'
import { SectionHeading } from '#app/features/home/section-heading.tsx'

// docs/spec/store-spec.md §9: Latest Collection shows 8 products, Best Seller up to 4.
const LATEST_COUNT = 8
const BEST_SELLER_COUNT = 4

/** The value of one cookie a request carries. */
function cookie(request: Request, name: string): string | undefined {
  const pair = (request.headers.get('cookie') ?? '').split(/;\s*/).find((c) => c.startsWith(`${name}=`))
  return pair?.slice(name.length + 1)
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog } = context.get(appContext).services
  // '/' leads a visitor who chose Urdu to the Urdu home page; one who never chose, and whose
  // browser puts Urdu first, is offered it (docs/decisions/022).
  const chosen = cookie(request, LANGUAGE_COOKIE)
  const lang = requestLang(request)
  if (lang === 'en' && chosen === 'ur') throw redirect('/ur', { headers: { 'Cache-Control': 'private, no-store' } })
  const offerUrdu =
    lang === 'en' && chosen === undefined && preferredLang(request.headers.get('accept-language')) === 'ur'
  // Only what a card draws: the page's data stays small.
  const [latest, bestSellers] = await Promise.all([
    catalog.latest(LATEST_COUNT),
    catalog.bestSellers(BEST_SELLER_COUNT),
  ])
  return {
    latest: latest.map((p) => inLanguage(lang, p)),
    bestSellers: bestSellers.map((p) => inLanguage(lang, p)),
    // The newsletter's answer after a plain (no JavaScript) form post; see routes/subscribe.tsx.
    newsletter: newsletterNotice(new URL(request.url).searchParams.get('newsletter')),
    offerUrdu,
  }
}

/** The English home page differs by the visitor's languages (the offer above). */
export function headers(): HeadersInit {
  return { Vary: 'Accept-Language' }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = tFor(lang)
  return pageMeta({
    title: t('meta.title', { ns: 'home' }),
    description: t('meta.description', { ns: 'home' }),
    image: heroMedia(1).jpg,
    origin: rootOrigin(matches),
    path: '/',
    lang,
  })
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('home')
  const { latest, bestSellers, newsletter, offerUrdu } = loaderData
  return (
    <main id="main" className="container-page pt-4 sm:pt-6">
      {offerUrdu && <LanguageOffer />}
      <h1 className="sr-only">{t('title')}</h1>
      <Hero />

      <section aria-labelledby="latest-title" className="py-16 sm:py-20">
        <SectionHeading
          id="latest-title"
          eyebrow={t('latest.eyebrow')}
          title={t('latest.title')}
          description={t('latest.description')}
          link={{ to: '/collection', label: t('viewAll') }}
        />
        <ProductGrid>
          {latest.map((product) => (
            <ProductCardItem key={product._id} product={product} />
          ))}
        </ProductGrid>
      </section>

      <section aria-labelledby="best-title" className="pb-16 sm:pb-20">
        <SectionHeading
          id="best-title"
          eyebrow={t('best.eyebrow')}
          title={t('best.title')}
          description={t('best.description')}
        />
        {bestSellers.length > 0 ? (
          <ProductGrid>
            {bestSellers.map((product) => (
              <ProductCardItem key={product._id} product={product} />
            ))}
          </ProductGrid>
        ) : (
          <p className="rounded-xl border border-dashed border-line px-6 py-10 text-center text-muted">
            {t('best.none')}
          </p>
        )}
      </section>

      <Policies />

      <div className="pt-16 sm:pt-20">
        <NewsletterForm notice={newsletter} />
      </div>
    </main>
  )
}
