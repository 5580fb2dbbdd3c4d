import { Link } from 'react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'

/** The console's pages: Previous, where we are, Next (real links, so Back works). */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null
  const step = 'inline-flex min-h-11 items-center gap-1 rounded-full border border-line bg-white px-4'
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={step}>
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={step}>
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
