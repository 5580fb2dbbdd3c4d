import { createInstance, type i18n, type InitOptions, type TFunction } from 'i18next'
import type english from '#locales/en/index.ts'
import type admin from '#locales/en/admin.json'
import type { Lang } from '#contracts/languages.ts'
import { groupedDigits } from '#contracts/digits.ts'

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

/** How each language's instance is set up: i18next's own settings, before the store's lookups go on top. */
export function languageOptions(lang: Lang, messages: Messages): InitOptions {
  return {
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
  }
}

export function setUpLanguage(lang: Lang, messages: Messages): i18n {
  const instance = createInstance()
  void instance.init(languageOptions(lang, messages))
  writeWholeNumbers(instance)
  rememberPlainMessages(instance)
  instances.set(lang, instance)
  return instance
}

/** What changes how `Intl.NumberFormat` writes a whole number: with any of them, a `{{n, number}}` is Intl's. */
const NUMBER_FORMAT_OPTIONS = [
  'style',
  'currency',
  'unit',
  'notation',
  'signDisplay',
  'useGrouping',
  'numberingSystem',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingIncrement',
  'trailingZeroDisplay',
]

/**
 * `{{count, number}}` (the collection's counts) written by `groupedDigits` when the value is a
 * whole number, as i18next's own formatter would through `Intl.NumberFormat`, which costs a
 * page's boot tens of milliseconds the first time (docs/decisions/041). Anything else goes to
 * Intl as before.
 */
function writeWholeNumbers(instance: i18n): void {
  instance.services.formatter?.add(
    'number',
    (value: unknown, lng: string | undefined, options: Record<string, unknown>) => {
      const plain = typeof value === 'number' && !NUMBER_FORMAT_OPTIONS.some((name) => options[name] !== undefined)
      return (plain && groupedDigits(value)) || new Intl.NumberFormat(lng, options).format(value as number)
    },
  )
}

/** More distinct messages than the store holds: past it, nothing more is remembered. */
const REMEMBERED_MESSAGES = 10_000

/**
 * Most of a page's messages are asked by key alone (with the language and namespace
 * `useTranslation` adds): their text is the same until messages are added, so each is
 * looked up once. i18next's lookup was a twelfth of a page's time. A message asked with
 * values (a product's name) or a count is looked up once too, for each plural form, and
 * its plain `{{name}}`s filled in here: i18next found it again on every call, a fifteenth
 * of a signed-in shopper's collection (three such messages a card). So are its whole numbers
 * written `{{count, number}}` (the collection's counts, in its title, description and
 * "Showing" line), as writeWholeNumbers writes them. Anything else (a default, a context,
 * another format, a number with decimals) is i18next's as before.
 */
function rememberPlainMessages(instance: i18n): void {
  const translate = instance.t.bind(instance) as unknown as (key: unknown, options?: unknown) => unknown
  const known = new Map<string, string>()
  const templates = new Map<string, Template | null>()
  const plurals = new Map<string, Intl.PluralRules>()
  const forget = () => {
    known.clear()
    templates.clear()
  }
  instance.store.on('added', forget)
  instance.store.on('removed', forget)
  instance.on('languageChanged', forget)
  const remembered = (key: unknown, options?: unknown) => {
    if (typeof key !== 'string') return translate(key, options)
    const lookup = options === undefined ? 'plain' : lookupOf(options)
    if (lookup === 'other') return translate(key, options)
    const { lng, ns, count } = (options ?? {}) as { lng?: string; ns?: string | readonly string[]; count?: number }
    const namespaces = typeof ns === 'string' || ns === undefined ? (ns ?? '') : ns.join('\u0001')
    const id = `${lng ?? ''}\u0000${namespaces}\u0000${key}`
    if (lookup === 'plain') {
      const hit = known.get(id)
      if (hit !== undefined) return hit
      const text = translate(key, options)
      if (typeof text === 'string' && known.size < REMEMBERED_MESSAGES) known.set(id, text)
      return text
    }
    // With values: the message as written for this plural form (i18next tries `_zero` for 0 alone).
    const language = lng ?? instance.language
    let form = ''
    if (count !== undefined) {
      let rules = plurals.get(language)
      if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)))
      form = count === 0 ? 'zero' : rules.select(count)
    }
    const templateId = `${id}\u0000${form}`
    let template = templates.get(templateId)
    if (template === undefined) {
      const written = translate(key, { lng, ns, ...(count === undefined ? {} : { count }), skipInterpolation: true })
      template = typeof written === 'string' && written !== key ? templateOf(written) : null
      if (templates.size < REMEMBERED_MESSAGES) templates.set(templateId, template)
    }
    if (!template) return translate(key, options)
    const values = options as Record<string, unknown>
    let text = template.parts[0]!
    for (let i = 0; i < template.names.length; i++) {
      // Values are text or numbers (lookupOf); a `number` one is written as writeWholeNumbers
      // writes a whole number, and anything else in it is i18next's.
      const value = values[template.names[i]!] as string | number | undefined
      const written = template.numbers[i] ? (typeof value === 'number' ? groupedDigits(value) : null) : value
      if (written === undefined || written === null) return translate(key, options)
      text += String(written) + template.parts[i + 1]!
    }
    return text
  }
  instance.t = remembered as unknown as TFunction
}

/**
 * A message as written, cut at its `{{name}}`s and `{{name, number}}`s: `parts` has one more
 * entry than `names`; `numbers` says which of the names are written as numbers.
 */
interface Template {
  parts: string[]
  names: string[]
  numbers: boolean[]
}

/** Null for a message i18next must fill itself: another format, a nested message, an unescaped one. */
function templateOf(written: string): Template | null {
  if (written.includes('$t(')) return null
  const parts: string[] = []
  const names: string[] = []
  const numbers: boolean[] = []
  let from = 0
  for (const match of written.matchAll(/\{\{(.*?)\}\}/g)) {
    const found = /^\s*(\w+)\s*(?:,\s*(number)\s*)?$/.exec(match[1]!)
    if (!found) return null
    parts.push(written.slice(from, match.index))
    names.push(found[1]!)
    numbers.push(found[2] !== undefined)
    from = match.index + match[0].length
  }
  parts.push(written.slice(from))
  return { parts, names, numbers }
}

/** Options i18next reads as more than a value to fill in. */
const I18NEXT_OPTIONS = new Set([
  'context',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'lngs',
  'fallbackLng',
  'keyPrefix',
  'replace',
  'ordinal',
  'skipInterpolation',
  'nsSeparator',
  'keySeparator',
])

/**
 * 'plain': options naming only the language and namespaces (`ns` a name or a list of
 * names); 'values': those and values to fill in (text or numbers, a count among them);
 * 'other': anything else.
 */
function lookupOf(options: unknown): 'plain' | 'values' | 'other' {
  if (typeof options !== 'object' || options === null) return 'other'
  let lookup: 'plain' | 'values' = 'plain'
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue
    if (name === 'lng' && typeof value === 'string') continue
    if (
      name === 'ns' &&
      (typeof value === 'string' || (Array.isArray(value) && value.every((n) => typeof n === 'string')))
    )
      continue
    if (name === 'count' ? typeof value !== 'number' || !Number.isFinite(value) : I18NEXT_OPTIONS.has(name))
      return 'other'
    if (name.startsWith('defaultValue') || (typeof value !== 'string' && typeof value !== 'number')) return 'other'
    lookup = 'values'
  }
  return lookup
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
