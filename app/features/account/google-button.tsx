import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { useNavigate } from '#app/lib/i18n/links.tsx'
import { LoaderCircle } from '#app/components/icons.tsx'
import { api } from '#app/lib/api.ts'
import { safeRedirect } from '#app/lib/redirects.ts'
import { useRootData } from '#app/lib/root-data.ts'
import {
  initializeGoogleIdentity,
  loadGoogleIdentity,
  receiveGoogleCredentials,
  type CredentialResponse,
} from '#app/features/account/google-identity.ts'

/** Google's four-colour 'G'. */
function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 48 48" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  )
}

/** Which page the button is on: 'Login with Google' or 'Registration with Google'. */
type Kind = 'login' | 'signup'

/** Said in the page's alert, which shows server messages in the page's language (auth-layout.tsx). */
const FAILED = 'Google sign-in failed. Please try again.'
/** Google's button is at most 400 px wide. */
const MAX_WIDTH = 400

/**
 * 'Login with Google' / 'Registration with Google' (docs/spec/rulings.md #7). With a client id,
 * Google's own button (Google Identity Services); its ID token is posted to
 * /api/auth/googlelogin, which verifies it and opens the session. Without one, a
 * visibly disabled button that says why, and no script from Google.
 *
 * `onMessage` shows the server's answer in the page's alert (null clears it).
 */
export function GoogleButton({ kind, onMessage }: { kind: Kind; onMessage: (message: string | null) => void }) {
  const { t } = useTranslation('account')
  const { googleClientId } = useRootData()
  const noteId = useId()
  const label = kind === 'signup' ? t('signup.google') : t('login.google')
  if (googleClientId === null) return <Unavailable label={label} noteId={noteId} note={t('google.notConfigured')} />
  return <GoogleSignIn clientId={googleClientId} kind={kind} label={label} noteId={noteId} onMessage={onMessage} />
}

function GoogleSignIn({
  clientId,
  kind,
  label,
  noteId,
  onMessage,
}: {
  clientId: string
  kind: Kind
  label: string
  noteId: string
  onMessage: (message: string | null) => void
}) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [width, setWidth] = useState<number | null>(null)
  const [signingIn, setSigningIn] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const slot = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { t } = useTranslation('account')
  const lang = useLang()
  const text = kind === 'signup' ? 'signup_with' : 'signin_with'

  useEffect(() => {
    let current = true
    loadGoogleIdentity().then(
      (id) => {
        if (!current) return
        initializeGoogleIdentity(id, clientId)
        setStatus('ready')
      },
      () => {
        if (current) setStatus('failed')
      },
    )
    return () => {
      current = false
    }
  }, [clientId])

  // Google draws its button at a fixed width: as wide as the form, up to its maximum.
  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.min(MAX_WIDTH, Math.floor(entry.contentRect.width)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const id = window.google?.accounts?.id
    const parent = slot.current
    if (status !== 'ready' || !id || !parent || !width) return
    parent.replaceChildren()
    // On an Urdu page Google writes its button in Urdu; an English page leaves it to the browser, as before.
    const locale = lang === 'ur' ? { locale: 'ur' } : {}
    id.renderButton(parent, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text,
      shape: 'pill',
      width,
      ...locale,
    })
  }, [status, width, text, lang])

  const signIn = useEffectEvent(async ({ credential }: CredentialResponse) => {
    if (signingIn) return
    setSigningIn(true)
    onMessage(null)
    try {
      await api('/api/auth/googlelogin', { credential })
    } catch (err) {
      setSigningIn(false)
      onMessage(err instanceof Error && err.message ? err.message : FAILED)
      return
    }
    // docs/spec/store-spec.md §4: the app reloads the current user (every loader runs again, the
    // root's too; the cart merges the guest's bag) and goes home, or back where the
    // shopper was sent from.
    await navigate(safeRedirect(params.get('redirectTo'), window.location.origin), {
      replace: true,
      defaultShouldRevalidate: true,
    })
  })
  useEffect(() => receiveGoogleCredentials((response) => void signIn(response)), [])

  if (status === 'failed') return <Unavailable label={label} noteId={noteId} note={t('google.couldNotLoad')} live />

  return (
    <div ref={box} className="relative flex h-11 items-center justify-center">
      <div ref={slot} className={status === 'ready' ? 'flex justify-center' : 'hidden'} />
      {status === 'loading' && <Placeholder />}
      {signingIn && (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-2 rounded-full bg-paper/90 text-sm font-medium text-ink"
        >
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t('google.signingIn')}
        </div>
      )}
    </div>
  )
}

/** Holds the place of Google's button while its script loads: same size, no shift. */
function Placeholder() {
  const { t } = useTranslation('account')
  return (
    <div className="flex h-10 w-full max-w-[400px] items-center justify-center gap-3 rounded-full border border-line bg-white">
      <GoogleMark />
      <span aria-hidden className="h-2.5 w-36 animate-pulse rounded-full bg-sand" />
      <span className="sr-only">{t('google.loading')}</span>
    </div>
  )
}

function Unavailable({
  label,
  noteId,
  note,
  live = false,
}: {
  label: string
  noteId: string
  note: string
  live?: boolean
}) {
  return (
    <div>
      <button
        type="button"
        disabled
        aria-describedby={noteId}
        className="flex min-h-11 w-full items-center justify-center gap-3 rounded-full border border-line bg-white px-6 py-3 text-sm font-semibold text-ink disabled:cursor-not-allowed disabled:opacity-60"
      >
        <GoogleMark />
        {label}
      </button>
      <p id={noteId} role={live ? 'status' : undefined} className="mt-2 text-center text-xs text-muted">
        {note}
      </p>
    </div>
  )
}
