import type { i18n } from 'i18next'
import { langOfPath, type Lang } from '#contracts/languages.ts'
import type admin from '#locales/en/admin.json'
import { hasLanguage, i18nFor } from '#app/lib/i18n/i18n.ts'

// The console's messages, the `admin` namespace (locales/README.md), are loaded only where
// the console is drawn: the server at start, a browser on a console page (before it
// hydrates) or on its way to one. No shopper's page carries them.

/** The console's messages in one language. */
export type ConsoleMessages = typeof admin

/**
 * The languages the console is written in, each loaded on demand: English only for now.
 * A second language is its `locales/<lang>/admin.json` and a line here.
 */
const written: Partial<Record<Lang, () => Promise<{ default: ConsoleMessages }>>> = {
  en: () => import('#locales/en/admin.json'),
}

/** The console's pages: /admin and everything under it (English, with no /ur twin). */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

/** The console's messages in a language, or null where it is not written in it. */
export async function consoleMessages(lang: Lang): Promise<ConsoleMessages | null> {
  const load = written[lang]
  return load ? (await load()).default : null
}

/** Adds the console's messages to a language's instance, once. */
export async function loadConsoleMessages(instance: i18n): Promise<void> {
  const lang = instance.language as Lang
  if (instance.hasResourceBundle(lang, 'admin')) return
  const messages = await consoleMessages(lang)
  if (messages) instance.addResourceBundle(lang, 'admin', messages)
}

/**
 * The console's client middleware: a console page reached from another page in the
 * browser has its messages loaded beside its data, so it is never drawn without them.
 * A document of another language (an Urdu page) loads the console as a new document,
 * as root.tsx does for any page of the other language, before drawing anything.
 * Messages that cannot be fetched (a chunk gone after a deploy) come with the document.
 */
export async function consoleMessagesMiddleware(
  { request }: { request: Request },
  next: () => Promise<unknown>,
): Promise<void> {
  const lang = langOfPath(new URL(request.url).pathname)
  const loaded = hasLanguage(lang)
    ? loadConsoleMessages(i18nFor(lang)).then(
        () => true,
        () => false,
      )
    : false
  if (loaded === false) return loadAsDocument(request.url)
  const [, ok] = await Promise.all([next(), loaded])
  if (!ok) return loadAsDocument(request.url)
}

/** Opens the address as a new document; the navigation under way never ends. */
function loadAsDocument(url: string): Promise<never> {
  window.location.assign(url)
  return new Promise<never>(() => {})
}
