import { NavLink, Outlet } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import {
  ArrowLeft,
  BadgePercent,
  LayoutDashboard,
  ArrowLeftRight,
  MessageSquareText,
  PackageSearch,
  ShieldCheck,
  Shirt,
  Tag,
  Users,
} from '#app/components/icons.tsx'
import type { Route } from './+types/_layout'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { consoleMessagesMiddleware } from '#app/lib/i18n/console.ts'

/** A console page reached in the browser is drawn with its messages (app/lib/i18n/console.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [consoleMessagesMiddleware]

/** Every console page: only an admin gets past here; the rest never learn it exists. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url)
  // Exchanges and returns waiting for a decision, on the Requests tab (one indexed count).
  const openRequests = await context.get(appContext).services.orders.openRequests()
  return { admin: { name: admin.name }, openRequests }
}

const sections = [
  { to: '/admin', label: 'nav.dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/orders', label: 'nav.orders', icon: PackageSearch, end: false },
  { to: '/admin/products', label: 'nav.products', icon: Shirt, end: false },
  { to: '/admin/sales', label: 'nav.sales', icon: BadgePercent, end: false },
  { to: '/admin/customers', label: 'nav.customers', icon: Users, end: false },
  { to: '/admin/discounts', label: 'nav.discounts', icon: Tag, end: false },
  { to: '/admin/requests', label: 'nav.requests', icon: ArrowLeftRight, end: false },
  { to: '/admin/reviews', label: 'nav.reviews', icon: MessageSquareText, end: false },
  { to: '/admin/security', label: 'nav.security', icon: ShieldCheck, end: false },
] as const

/** The console's frame: the store's look, a bar of its sections (a bottom bar on a phone). */
export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const open = loaderData.openRequests
  /** The Requests tab's count of open requests, read out with it. */
  const count = (to: string, className: string) =>
    to === '/admin/requests' && open > 0 ? (
      <span className={`${className} rounded-full bg-accent px-1.5 text-[11px] leading-5 font-semibold text-white`}>
        {open}
        <span className="sr-only"> {t('nav.requestsOpen', { count: open })}</span>
      </span>
    ) : null
  return (
    <div className="flex min-h-dvh flex-col bg-paper pb-[72px] md:pb-0">
      <header className="border-b border-line bg-white print:hidden">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <div className="flex items-baseline gap-3">
            <span className="font-display text-xl font-semibold tracking-[0.2em] text-ink">KAPRA</span>
            <span className="text-xs font-semibold tracking-[0.16em] text-accent uppercase">{t('frame.console')}</span>
          </div>
          <nav aria-label={t('frame.nav')} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {sections.map(({ to, label, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      `inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium ${
                        isActive ? 'bg-ink text-white' : 'text-ink hover:bg-sand'
                      }`
                    }
                  >
                    {t(label)}
                    {count(to, 'ms-1.5')}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-muted sm:inline">{loaderData.admin.name}</span>
            <a href="/" className="inline-flex min-h-11 items-center gap-1 text-muted hover:text-ink">
              <ArrowLeft aria-hidden className="size-4" />
              {t('frame.store')}
            </a>
          </div>
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <nav
        aria-label={t('frame.navPhone')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white md:hidden print:hidden"
      >
        <ul className="grid grid-cols-9">
          {sections.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `relative flex min-h-[64px] flex-col items-center justify-center gap-1 text-[10px] leading-tight tracking-tight ${
                    isActive ? 'font-semibold text-ink' : 'text-muted'
                  }`
                }
              >
                <Icon aria-hidden className="size-5" />
                {/* Nine sections share 390 px: each label keeps to its own column. */}
                <span className="max-w-full truncate">{t(label)}</span>
                {/* After the label, so it reads "Requests 2 open requests"; drawn on the icon's corner. */}
                {count(to, 'absolute top-2 start-1/2 ms-1')}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
