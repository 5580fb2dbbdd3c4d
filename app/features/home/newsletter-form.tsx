import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CheckCircle2, CircleAlert } from '#app/components/icons.tsx'
import type { subscribeSchema } from '#contracts/newsletter.ts'
import type { SubscribeResult } from '#app/features/home/newsletter.ts'
import { parseForm } from '#app/lib/forms.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { translateMessage } from '#app/lib/i18n/i18n.ts'
import { useLocalePath } from '#app/lib/i18n/links.tsx'

type Schema = typeof subscribeSchema

/**
 * 'Subscribe now & get 20% off' (spec: Home; docs/spec/rulings.md #21). Posts to /subscribe with a
 * fetcher; without JavaScript the same form posts as a page and comes back here with
 * `notice` (read from the URL by the home loader).
 */
export function NewsletterForm({ notice }: { notice: SubscribeResult | null }) {
  const { t, i18n } = useTranslation('home')
  const localePath = useLocalePath()
  const { store } = useRootData()
  const fetcher = useFetcher<SubscribeResult>({ key: 'newsletter' })
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const [clientError, setClientError] = useState<string | null>(null)
  // The API's schema, loaded when the field is first used rather than with the page: the
  // home page then boots without zod. Until it is here, the server checks and answers.
  const schema = useRef<Promise<Schema> | Schema | null>(null)
  const loadSchema = () => {
    schema.current ??= import('#contracts/newsletter.ts').then(
      ({ subscribeSchema }) => (schema.current = subscribeSchema),
    )
  }
  // Each attempt remounts the message, so saying the same thanks twice is announced twice.
  const [attempt, setAttempt] = useState(0)
  const busy = fetcher.state !== 'idle'

  const result: SubscribeResult | null = clientError
    ? { ok: false, message: clientError }
    : busy
      ? null
      : (fetcher.data ?? (attempt === 0 ? notice : null))

  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset()
  }, [fetcher.data])

  const errorId = `${id}-error`
  return (
    <section id="newsletter" aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <div className="relative overflow-hidden rounded-2xl bg-ink px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-24 -end-20 size-72 rounded-full bg-accent/40 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-28 -start-16 size-72 rounded-full bg-accent/25 blur-3xl"
        />
        <div className="relative mx-auto max-w-xl">
          <p className="text-xs font-semibold tracking-[0.25em] text-white/75 uppercase">{t('newsletter.eyebrow')}</p>
          <h2 id={`${id}-title`} className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('newsletter.title')}
          </h2>
          <p className="mt-3 text-base text-white/80">{t('newsletter.intro', { store: store.name })}</p>
          <fetcher.Form
            ref={form}
            method="post"
            // The page's language: without JavaScript the answer comes back to this home page.
            action={localePath('/subscribe')}
            // Our own check with the API's schema, so the message reads the same everywhere.
            noValidate
            onSubmit={(e) => {
              setAttempt((n) => n + 1)
              const check = schema.current instanceof Promise ? null : schema.current
              const parsed = check && parseForm(check, { email: new FormData(e.currentTarget).get('email') ?? '' })
              if (parsed && !parsed.success) {
                e.preventDefault()
                setClientError(parsed.message)
                e.currentTarget.querySelector('input')?.focus()
                return
              }
              setClientError(null)
            }}
            className="mt-8 text-start"
          >
            <label htmlFor={`${id}-email`} className="mb-2 block text-sm font-medium text-white">
              {t('newsletter.email')}
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                placeholder="you@example.com"
                aria-invalid={result && !result.ok ? true : undefined}
                aria-describedby={result && !result.ok ? errorId : undefined}
                onFocus={loadSchema}
                onChange={() => clientError && setClientError(null)}
                className="min-h-12 w-full flex-1 rounded-full border border-white/25 bg-white px-5 text-base text-ink placeholder:text-stone-500 focus:border-white focus:ring-2 focus:ring-white/40 focus:outline-none aria-[invalid=true]:border-red-300"
              />
              <button
                type="submit"
                disabled={busy}
                className="inline-flex min-h-12 items-center justify-center rounded-full bg-accent px-8 text-sm font-semibold tracking-wide text-white uppercase transition-colors hover:bg-accent-dark focus-visible:outline-white disabled:opacity-70"
              >
                {busy ? t('newsletter.subscribing') : t('newsletter.subscribe')}
              </button>
            </div>
            <div className="mt-3 min-h-6 text-sm font-medium">
              <div role="status">
                {result?.ok && (
                  <p key={attempt} className="flex items-center gap-2 text-white">
                    <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-300" />
                    {translateMessage(i18n.t, result.message)}
                  </p>
                )}
              </div>
              {result && !result.ok && (
                <p key={attempt} id={errorId} role="alert" className="flex items-center gap-2 text-red-200">
                  <CircleAlert aria-hidden className="size-4 shrink-0" />
                  {translateMessage(i18n.t, result.message)}
                </p>
              )}
            </div>
          </fetcher.Form>
        </div>
      </div>
    </section>
  )
}
