/**
 * Google Identity Services (GIS) in the browser: loading Google's script on the two
 * pages that show its button, and the part of its API the store uses.
 * https://developers.google.com/identity/gsi/web/reference/js-reference
 */

import { GOOGLE_SIGN_IN_PAGES } from '#contracts/auth.ts'

export const GOOGLE_SCRIPT_SRC = 'https://accounts.google.com/gsi/client'

/** Waits this long for Google's script before telling the shopper it could not load. */
const LOAD_TIMEOUT_MS = 15_000

export interface CredentialResponse {
  /** The ID token, a JWT Google signed; the server verifies it (docs/spec/rulings.md #7). */
  credential: string
  select_by?: string
}

export interface GoogleButtonOptions {
  type: 'standard' | 'icon'
  theme: 'outline' | 'filled_blue' | 'filled_black'
  size: 'large' | 'medium' | 'small'
  text: 'signin_with' | 'signup_with' | 'continue_with' | 'signin'
  shape: 'rectangular' | 'pill' | 'circle' | 'square'
  width: number
  logo_alignment?: 'left' | 'center'
  locale?: string
}

export interface GoogleAccountsId {
  initialize(config: {
    client_id: string
    callback: (response: CredentialResponse) => void
    ux_mode?: 'popup' | 'redirect'
    use_fedcm_for_button?: boolean
  }): void
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void
  prompt(): void
  cancel(): void
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } }
  }
}

let loading: Promise<GoogleAccountsId> | null = null

/**
 * Adds Google's script to the page once (it stays for the rest of the visit). The
 * nonce is the document's own, so the script is allowed both by it and by the host
 * allowance in the policy of /login and /signup.
 */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id
  if (ready) return Promise.resolve(ready)
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script')
    const fail = () => {
      window.clearTimeout(timer)
      script.remove()
      // Forgotten, so that the next visit to the page tries again.
      loading = null
      reject(new Error('Google Identity Services did not load'))
    }
    const timer = window.setTimeout(fail, LOAD_TIMEOUT_MS)
    script.src = GOOGLE_SCRIPT_SRC
    script.async = true
    const nonce = documentNonce()
    if (nonce) script.nonce = nonce
    script.addEventListener('load', () => {
      window.clearTimeout(timer)
      const id = window.google?.accounts?.id
      if (id) resolve(id)
      else fail()
    })
    script.addEventListener('error', fail)
    document.head.append(script)
  })
  return loading
}

/**
 * The nonce this document's policy names. Scripts keep it as a property after the
 * browser hides the attribute. (The root loader's `nonce` is only right until the
 * first client-side revalidation, which brings a fresh one.)
 */
function documentNonce(): string | undefined {
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[nonce]')) {
    if (script.nonce) return script.nonce
  }
  return undefined
}

let initializedFor: string | null = null
let onCredential: ((response: CredentialResponse) => void) | null = null

/**
 * `initialize` once per page load (Google warns when it is called again); the
 * credential goes to whichever button is on screen now.
 */
export function initializeGoogleIdentity(id: GoogleAccountsId, clientId: string): void {
  if (initializedFor === clientId) return
  initializedFor = clientId
  id.initialize({
    client_id: clientId,
    callback: (response) => onCredential?.(response),
    ux_mode: 'popup',
    use_fedcm_for_button: true,
  })
}

/** Sends Google's credentials to `handler` until the returned function is called. */
export function receiveGoogleCredentials(handler: (response: CredentialResponse) => void): () => void {
  onCredential = handler
  return () => {
    if (onCredential === handler) onCredential = null
  }
}

/**
 * A Content-Security-Policy belongs to the document: one loaded on another page
 * (and reached here by a client-side navigation) does not allow Google's script.
 * True when this document was served as /login or /signup.
 */
export function documentAllowsGoogle(): boolean {
  const [entry] = performance.getEntriesByType('navigation')
  // Without the entry (very old browsers) the script is tried; a refusal shows the fallback.
  if (!entry) return true
  const path = new URL(entry.name).pathname.toLowerCase().replace(/\/+$/, '')
  return (GOOGLE_SIGN_IN_PAGES as readonly string[]).includes(path)
}

/**
 * For the two pages' client middleware, once their loaders have answered: when
 * Google sign-in is on (the loader says `googleSignIn: true`) and this document's
 * policy does not allow Google's script, load the page as a new document (with its
 * own policy) instead of rendering it here. Never settles in that case: the browser
 * is leaving.
 */
export async function loadAsDocumentForGoogle(request: Request, results: Record<string, { result: unknown }>) {
  if (request.method !== 'GET' || documentAllowsGoogle()) return
  const googleSignIn = Object.values(results).some(
    ({ result }) =>
      typeof result === 'object' && result !== null && 'googleSignIn' in result && result.googleSignIn === true,
  )
  if (!googleSignIn) return
  window.location.assign(request.url)
  await new Promise<never>(() => {})
}

/**
 * The client middleware of login and registration: Google's script is allowed by those
 * pages' own Content-Security-Policy only, so reached from another page they load as
 * a new document when Google sign-in is on.
 */
export async function googleDocumentMiddleware(
  { request }: { request: Request },
  next: () => Promise<Record<string, { result: unknown }>>,
): Promise<void> {
  await loadAsDocumentForGoogle(request, await next())
}
