import { BadgeCheck, HeartHandshake, ShieldCheck, ShoppingBag, Truck } from 'lucide-react'
import type { Route } from './+types/about'
import { appContext } from '#app/lib/app-context.server.ts'
import { logFault } from '#app/lib/service-result.server.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { DELIVERY_FEE, formatPrice } from '#contracts/pricing.ts'
import { ProductImage } from '#app/components/product-image.tsx'
import { PageIntro } from '#app/components/page-intro.tsx'

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
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'About Us | Kapra',
    description:
      'Kapra is a Karachi clothing store for men, women and kids, focused on quality, customer happiness and a modern lifestyle. Cash on delivery, Rs 50 delivery.',
    image: loaderData?.images[0]?.src,
    origin: rootOrigin(matches),
    path: '/about',
  })
}

const reasons = [
  {
    icon: BadgeCheck,
    title: 'Quality Assurance',
    text: 'We choose every piece for its fabric, stitching and fit, and describe it honestly, with a size chart wherever we have one.',
  },
  {
    icon: ShoppingBag,
    title: 'Convenience',
    text: 'Browse by category, filter and sort in seconds, order in a few taps and pay in cash when your parcel arrives.',
  },
  {
    icon: HeartHandshake,
    title: 'Exceptional Customer Service',
    text: 'Questions about a size, an order or an exchange? Reach us on WhatsApp, by phone or by email and we will help.',
  },
] as const

export default function About({ loaderData }: Route.ComponentProps) {
  const { store } = useRootData()
  const [first, second] = loaderData.images
  return (
    <main id="main" className="container-page py-12 sm:py-16">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <PageIntro eyebrow="Who we are" title="About Us">
            {store.name} is an online clothing store from Karachi, Pakistan, for men, women and kids.
          </PageIntro>
          <div className="mt-8 max-w-2xl space-y-5 text-base leading-relaxed text-ink/85">
            <p>
              We put together everyday wardrobes: kurtas and shirts, jeans and trousers, dresses and skirts, and warm
              layers for the cooler months. Quality comes first. We pick fabrics that feel good and hold up to real
              life, and we show each piece as it is, so you know what you are getting before you order.
            </p>
            <p>
              Customer happiness is how we measure ourselves. Shopping should fit a modern lifestyle: find what you need
              on your phone, order in a few taps and pay when it reaches your door. If something is not right, we make
              the exchange or return easy.
            </p>
          </div>
          <div className="mt-8 max-w-2xl rounded-xl border-s-4 border-accent bg-accent-soft px-6 py-5">
            <h2 className="font-sans text-sm font-semibold tracking-wider text-accent-dark uppercase">Our mission</h2>
            <p className="mt-2 text-base leading-relaxed text-ink">
              To offer well-made clothing at fair prices, easy to choose, easy to buy, and backed by people who answer
              when you need them.
            </p>
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
        <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">What you can count on</p>
        <h2 id="why-title" className="section-title mt-2">
          Why Choose Us
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-white p-7">
              <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
                <Icon aria-hidden className="size-6" strokeWidth={1.75} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 grid gap-5 lg:grid-cols-2">
        <section id="delivery" aria-labelledby="delivery-title" className="scroll-mt-24 rounded-2xl bg-sand p-7 sm:p-9">
          <div className="flex items-center gap-3">
            <Truck aria-hidden className="size-6 text-accent" strokeWidth={1.75} />
            <h2 id="delivery-title" className="text-2xl font-semibold text-ink">
              Delivery
            </h2>
          </div>
          <ul className="mt-5 list-disc space-y-3 ps-5 text-sm leading-relaxed text-ink/85 marker:text-accent">
            <li>
              <strong className="font-semibold text-ink">Cash on delivery.</strong> You pay in cash when your order
              arrives; there is nothing to pay online.
            </li>
            <li>
              <strong className="font-semibold text-ink">Delivery fee {formatPrice(DELIVERY_FEE)}</strong>, added once
              to each order and shown in your cart before you check out.
            </li>
            <li>
              Follow each order under <strong className="font-semibold text-ink">My Orders</strong>: Order Placed,
              Packing, Shipped, Out for delivery, Delivered.
            </li>
            <li>
              Not the right fit? Contact us within 7 days of delivery for an exchange or a return at {store.phone} or{' '}
              <a href={`mailto:${store.email}`} className="font-medium text-accent underline underline-offset-2">
                {store.email}
              </a>
              .
            </li>
          </ul>
        </section>

        <section id="privacy" aria-labelledby="privacy-title" className="scroll-mt-24 rounded-2xl bg-sand p-7 sm:p-9">
          <div className="flex items-center gap-3">
            <ShieldCheck aria-hidden className="size-6 text-accent" strokeWidth={1.75} />
            <h2 id="privacy-title" className="text-2xl font-semibold text-ink">
              Privacy Policy
            </h2>
          </div>
          <p className="mt-5 text-sm leading-relaxed text-ink/85">We keep only what we need to serve you:</p>
          <ul className="mt-3 list-disc space-y-3 ps-5 text-sm leading-relaxed text-ink/85 marker:text-accent">
            <li>
              <strong className="font-semibold text-ink">Your account:</strong> your name and email address. Your
              password is stored only as a secure hash, so nobody can read it, including us.
            </li>
            <li>
              <strong className="font-semibold text-ink">Your orders:</strong> what you bought and the delivery details
              you give at checkout, so we can deliver and handle exchanges.
            </li>
            <li>
              <strong className="font-semibold text-ink">The newsletter:</strong> your email address, if you subscribe.
            </li>
            <li>
              Signing in keeps you logged in with a session in a secure, HttpOnly cookie. A guest cart stays in your own
              browser until you sign in.
            </li>
          </ul>
          <p className="mt-4 text-sm leading-relaxed text-ink/85">
            We never sell your data. To ask what we hold about you, or to have it deleted, write to{' '}
            <a href={`mailto:${store.email}`} className="font-medium text-accent underline underline-offset-2">
              {store.email}
            </a>
            .
          </p>
        </section>
      </div>
    </main>
  )
}
