import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { X } from '#app/components/icons.tsx'
import { scheduleLoginPrompt } from '#app/features/layout/login-prompt-timing.ts'

/** The 'Please Login' prompt for guests (spec: Home; docs/spec/rulings.md #22). */
export function LoginPrompt({ isGuest }: { isGuest: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    return scheduleLoginPrompt({
      isGuest,
      storage: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
      show: () => setOpen(true),
      hide: () => setOpen(false),
    })
  }, [isGuest])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  if (!open) return null
  // Non-modal: it never traps a shopper mid-task, and it leaves on its own.
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-labelledby="login-prompt-title"
      aria-describedby="login-prompt-text"
      className="fixed inset-x-4 bottom-[110px] z-50 mx-auto max-w-sm rounded-2xl border border-line bg-white p-6 shadow-2xl md:end-6 md:bottom-24 md:start-auto md:mx-0"
    >
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-label={t('loginPrompt.close')}
        className="absolute top-3 end-3 grid size-9 place-items-center rounded-full text-muted hover:bg-sand"
      >
        <X aria-hidden className="size-4" />
      </button>
      <h2 id="login-prompt-title" className="font-display text-xl font-semibold">
        {t('loginPrompt.title')}
      </h2>
      <p id="login-prompt-text" className="mt-2 text-sm text-muted">
        {t('loginPrompt.text')}
      </p>
      <Link to="/login" className="btn-primary mt-5 w-full" onClick={() => setOpen(false)}>
        {t('loginPrompt.cta')}
      </Link>
    </div>
  )
}
