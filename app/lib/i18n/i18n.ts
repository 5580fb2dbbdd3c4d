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
  rememberPlainMessages(instance)
  instances.set(lang, instance)
  return instance
}

/** More distinct messages than the store holds: past it, nothing more is remembered. */
const REMEMBERED_MESSAGES = 10_000

/**
 * Most of a page's messages are asked by key alone (with the language and namespace
 * `useTranslation` adds): their text is the same until messages are added, so each is
 * looked up once. i18next's lookup was a twelfth of a page's time. A call with anything
 * else (values, a count, a default) is i18next's as before.
 */
function rememberPlainMessages(instance: i18n): void {
  const translate = instance.t.bind(instance) as unknown as (key: unknown, options?: unknown) => unknown
  const known = new Map<string, string>()
  const forget = () => known.clear()
  instance.store.on('added', forget)
  instance.store.on('removed', forget)
  instance.on('languageChanged', forget)
  const remembered = (key: unknown, options?: unknown) => {
    const plain = typeof key === 'string' && (options === undefined || isPlainLookup(options))
    if (!plain) return translate(key, options)
    const { lng, ns } = (options ?? {}) as { lng?: string; ns?: string | readonly string[] }
    const namespaces = typeof ns === 'string' || ns === undefined ? (ns ?? '') : ns.join('\u0001')
    const id = `${lng ?? ''}\u0000${namespaces}\u0000${key}`
    const hit = known.get(id)
    if (hit !== undefined) return hit
    const text = translate(key, options)
    if (typeof text === 'string' && known.size < REMEMBERED_MESSAGES) known.set(id, text)
    return text
  }
  instance.t = remembered as unknown as TFunction
}

/** Options naming only the language and namespaces (`ns` a name or a list of names). */
function isPlainLookup(options: unknown): boolean {
  if (typeof options !== 'object' || options === null) return false
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue
    if (name === 'lng' && typeof value === 'string') continue
    if (
      name === 'ns' &&
      (typeof value === 'string' || (Array.isArray(value) && value.every((n) => typeof n === 'string')))
    )
      continue
    return false
  }
  return true
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
