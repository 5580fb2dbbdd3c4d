import i18next from 'i18next'
import type { Lang } from '#contracts/languages.ts'
import en from '#locales/en/mail.json' with { type: 'json' }
import ur from '#locales/ur/mail.json' with { type: 'json' }

// What the emails say, in each of the store's languages: locales/<lang>/mail.json, flat
// keys, i18next's {{interpolation}} and CLDR plurals (_one, _other). One instance of its
// own, so the storefront's i18next (its namespaces, its current language) and mail never
// share state; the resources are bundled, so it is ready as soon as it is made.

/** Every message of the emails, plural forms named by their base key. */
export type MailKey = keyof typeof en extends infer K
  ? K extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : K
  : never

/** The email's words for one language; values are inserted as text (React escapes them). */
export type Translate = (key: MailKey, values?: Record<string, string | number>) => string

/** Each language's messages, for the test that keeps them in step. */
export const MAIL_MESSAGES: Record<Lang, Record<string, string>> = { en, ur }

const i18n = i18next.createInstance()
void i18n.init({
  resources: { en: { mail: en }, ur: { mail: ur } },
  lng: 'en',
  // A message missing in Urdu reads in English rather than as its key; server/mail/i18n.test.ts
  // fails the build on it before a shopper could see it.
  fallbackLng: 'en',
  ns: ['mail'],
  defaultNS: 'mail',
  // Keys are flat ("orderPlaced.subject"), all in the one namespace.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; escaping here too would show "&amp;" in a name.
  interpolation: { escapeValue: false },
  initAsync: false,
})

export function translator(lang: Lang): Translate {
  const t = i18n.getFixedT(lang, 'mail')
  return (key, values) => t(key, values ?? {})
}

const dateFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-PK', { dateStyle: 'long', timeZone: 'Asia/Karachi' }),
  ur: new Intl.DateTimeFormat('ur-PK', { dateStyle: 'long', timeZone: 'Asia/Karachi' }),
}

/** A day as the shopper reads it, in Karachi's time zone: "24 November 2026", "24 نومبر 2026". */
export const formatDate = (lang: Lang, at: number): string => dateFormats[lang].format(at)
