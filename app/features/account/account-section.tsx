import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert } from '#app/components/icons.tsx'
import { accountMessage } from '#app/features/account/messages.ts'

/** One card of the Account page, named by its heading. */
export function AccountSection({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string
  title: string
  intro?: string
  /** 'danger' for what cannot be undone. */
  tone?: 'plain' | 'danger'
  children: React.ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-24 rounded-2xl border bg-white p-5 sm:p-7 ${tone === 'danger' ? 'border-danger/30' : 'border-line'}`}
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-semibold text-ink">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  )
}

/** A form's refusal (the server's or the form check's English), read out in the page's language when it appears. */
export function FormMessage({ message }: { message: string | undefined }) {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <div
      role="alert"
      className="mb-5 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>{accountMessage(t, message)}</p>
    </div>
  )
}
