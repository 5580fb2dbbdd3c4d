import { Link } from '#app/lib/i18n/links.tsx'
import { ArrowRight } from '#app/components/icons.tsx'

/** A home section's title with an optional short line and a 'view all' link. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  link,
}: {
  id: string
  eyebrow: string
  title: string
  description?: string
  link?: { to: string; label: string }
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-x-8 gap-y-4 sm:mb-10">
      <div className="max-w-xl">
        <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{eyebrow}</p>
        <h2 id={id} className="section-title mt-2">
          {title}
        </h2>
        {description && <p className="mt-2 text-sm text-muted sm:text-base">{description}</p>}
      </div>
      {link && (
        <Link
          to={link.to}
          className="group inline-flex min-h-11 items-center gap-2 text-sm font-semibold tracking-wide text-ink uppercase hover:text-accent"
        >
          {link.label}
          <ArrowRight
            aria-hidden
            className="size-4 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
          />
        </Link>
      )}
    </div>
  )
}
