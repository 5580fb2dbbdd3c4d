import { ArrowLeftRight, Headset, RotateCcw } from 'lucide-react'

// docs/spec/store-spec.md §9 names both 4 and 7 days; the store promises 7 everywhere (see the
// product page's 'Easy Return And Exchange Policy Within 7 Days.').
const policies = [
  { icon: ArrowLeftRight, title: 'Easy Exchange Policy', text: 'We offer hassle free exchange policy' },
  { icon: RotateCcw, title: '7 Days Return Policy', text: 'We provide 7 days free return policy' },
  { icon: Headset, title: 'Best Customer Support', text: 'We provide 24/7 customer support' },
] as const

/** The home page's policy section (spec: Home). */
export function Policies() {
  return (
    <section aria-labelledby="policies-title" className="border-y border-line py-14 sm:py-16">
      <h2 id="policies-title" className="sr-only">
        Our promises
      </h2>
      <ul className="grid gap-10 text-center sm:grid-cols-3 sm:gap-6">
        {policies.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col items-center">
            <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
              <Icon aria-hidden className="size-6" strokeWidth={1.75} />
            </span>
            <h3 className="mt-4 font-sans text-base font-semibold text-ink">{title}</h3>
            <p className="mt-1 text-sm text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
