import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CheckCircle2, CircleAlert, X } from '#app/components/icons.tsx'

type Tone = 'success' | 'error'
interface Toast {
  id: number
  message: string
  tone: Tone
}

const ToastContext = createContext<(message: string, tone?: Tone) => void>(() => {})

/** Tells a person what happened (docs/spec/rulings.md #9): errors are announced as alerts. */
export function useToast() {
  return useContext(ToastContext)
}

/** Each toast's message is written by its caller, in the page's language. */
export function Toaster({ children }: { children: React.ReactNode }) {
  const { t: translate } = useTranslation()
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), [])
  const notify = useCallback(
    (message: string, tone: Tone = 'success') => {
      const id = next.current++
      setToasts((all) => [...all.slice(-2), { id, message, tone }])
      setTimeout(() => dismiss(id), tone === 'error' ? 7000 : 4000)
    },
    [dismiss],
  )
  const value = useMemo(() => notify, [notify])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.tone === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ring-1 ${
              t.tone === 'error' ? 'bg-white text-danger ring-red-200' : 'bg-ink text-white ring-ink'
            }`}
          >
            {t.tone === 'error' ? (
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            )}
            <p className="flex-1">{t.message}</p>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              aria-label={translate('toast.dismiss')}
              className="-m-1 p-1 opacity-70 hover:opacity-100"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}
