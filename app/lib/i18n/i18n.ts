import { createInstance, type i18n, type TFunction } from 'i18next'
import type english from '#locales/en/index.ts'
import type admin from '#locales/en/admin.json'
import type { Lang } from '#contracts/languages.ts'

/**
 * One language's storefront messages, namespace by namespace, and the console's where it
 * is drawn (`admin`, loaded on its own: app/lib/i18n/console.ts; locales/README.md).
 */
export type Messages = typeof english & { admin?: typeof admin }

/**
 * The i18next instance of each language this side holds: the server both, made once at
 * start; the browser the page's own, loaded before it hydrates (app/entry.client.tsx).
 * Instances are never switched to another language, so one serves concurrent requests.
 */
const instances = new Map<Lang, i18n>()

export function setUpLanguage(lang: Lang, messages: Messages): i18n {
  const instance = createInstance()
  void instance.init({
    lng: lang,
    resources: { [lang]: messages },
    ns: Object.keys(messages),
    defaultNS: 'common',
    // No fallback: both languages hold every key (app/lib/i18n/messages.test.ts), so a page
    // never shows English in an Urdu sentence, and the browser needs only its own language.
    fallbackLng: false,
    // Keys are flat ('header.cart'), and server messages are keyed by their English text.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  instances.set(lang, instance)
  return instance
}

/** Whether this side holds the messages of a language (a browser holds its page's only). */
export function hasLanguage(lang: Lang): boolean {
  return instances.has(lang)
}

export function i18nFor(lang: Lang): i18n {
  const instance = instances.get(lang)
  if (!instance) throw new Error(`messages for '${lang}' are not loaded`)
  return instance
}

/** A translate function for code outside components: meta, loaders and actions. */
export function tFor(lang: Lang): TFunction {
  return i18nFor(lang).t
}

/**
 * A message the server or a form check wrote (in English, as the API answers) in the page's
 * language: the `server` namespace is keyed by the English text. A message it does not know
 * stays as it was written.
 */
export function translateMessage(t: TFunction, message: string): string {
  return t(message as never, { ns: 'server', defaultValue: message })
}
