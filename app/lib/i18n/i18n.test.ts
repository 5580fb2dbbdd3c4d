import { createInstance } from 'i18next'
import { describe, expect, test, vi } from 'vitest'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { languageOptions, setUpLanguage, type Messages } from './i18n.ts'

type Instance = ReturnType<typeof createInstance>
const ask = (instance: Instance, key: string, options: Record<string, unknown>) =>
  (instance.t as unknown as (key: string, options: Record<string, unknown>) => string)(key, options)

/** The store's instance for a language, and i18next's own left as it is, set up alike. */
function bothWays(lang: 'en' | 'ur', messages: Messages): { fast: Instance; plain: Instance } {
  const fast = setUpLanguage(lang, messages)
  const plain = createInstance()
  void plain.init(languageOptions(lang, messages))
  return { fast, plain }
}

describe('remembered messages', () => {
  const en = setUpLanguage('en', english)
  const ur = setUpLanguage('ur', urdu)

  test('a key asked again, in the same or another namespace, gives what i18next gives', () => {
    const t = en.getFixedT('en', 'cart')
    const first = t('cart.title')
    expect(first).toBe(english.cart['cart.title'])
    expect(t('cart.title')).toBe(first)
    expect(en.t('cart.title', { ns: 'cart' })).toBe(first)
    // The same key in another namespace, and in the other language, is its own message.
    expect((en.t as unknown as (key: string) => string)('cart.title')).toBe('cart.title')
    expect(ur.getFixedT('ur', 'cart')('cart.title')).toBe(urdu.cart['cart.title'])
  })

  test('values, counts and defaults are filled in on every call', () => {
    const t = en.getFixedT('en', 'cart')
    expect(t('cart.count', { count: 1 })).not.toBe(t('cart.count', { count: 2 }))
    expect(t('cart.count', { count: 2 })).toContain('2')
    expect(en.t('no such message', { ns: 'server', defaultValue: 'As written' })).toBe('As written')
    expect(en.t('no such message', { ns: 'server', defaultValue: 'Another' })).toBe('Another')
  })

  test('the return window reads in the singular for one day, in every text that names it', () => {
    const t = en.t as unknown as (key: string, options: Record<string, unknown>) => string
    expect(t('policies.return.title', { ns: 'home', days: 1, count: 1 })).toBe('1 Day Return Policy')
    expect(t('policies.return.title', { ns: 'home', days: 7, count: 7 })).toBe('7 Days Return Policy')
    expect(t('cart.codNote', { ns: 'cart', days: 1, count: 1 })).toBe('Cash on delivery. Easy returns within 1 day.')
    expect(t('notes.returns', { ns: 'catalog', days: 1, count: 1 })).toBe(
      'Easy Return And Exchange Policy Within 1 Day.',
    )
  })

  test.each([
    ['en', english],
    ['ur', urdu],
  ] as const)('%s: a {{n, number}} reads as Intl writes it, whole or not', (lang, messages) => {
    const { fast, plain } = bothWays(lang, messages)
    const t = (instance: Instance, options: Record<string, unknown>) =>
      ask(instance, 'showing.range', { ns: 'catalog', lng: lang, ...options })
    for (const n of [0, -0, 7, 999, 1000, 24_999, 1_234_567, 2 ** 53 - 1, 2 ** 53, -1234, 1234.5, NaN]) {
      const options = { first: n, last: n, count: n }
      expect(t(fast, options), String(n)).toBe(t(plain, options))
    }
    expect(t(fast, { first: 1, last: 24, count: 100_000 })).toContain('100,000')
    // With Intl's own options in the message, Intl writes it.
    const withOptions = fast.services.formatter!.format(1234, 'number(minimumIntegerDigits: 6)', lang, {})
    expect(withOptions).toBe(plain.services.formatter!.format(1234, 'number(minimumIntegerDigits: 6)', lang, {}))
    expect(withOptions).toBe('001,234')
    setUpLanguage(lang, messages)
  })

  test('a whole number in a {{n, number}} is filled in without i18next once the message is known', () => {
    const { fast } = bothWays('en', english)
    // i18next's own lookup (the store's instance asks it through its translator).
    const lookup = vi.spyOn((fast as unknown as { translator: { translate: () => unknown } }).translator, 'translate')
    const t = (options: Record<string, unknown>) => ask(fast, 'showing.range', { ns: 'catalog', lng: 'en', ...options })
    expect(t({ first: 1, last: 24, count: 1234 })).toBe('Showing 1–24 of 1,234 products')
    lookup.mockClear()
    expect(t({ first: 25, last: 48, count: 100_000 })).toBe('Showing 25–48 of 100,000 products')
    expect(lookup).not.toHaveBeenCalled()
    // A number with decimals is still i18next's, through Intl.
    expect(t({ first: 1.5, last: 2, count: 3 })).toBe('Showing 1.5–2 of 3 products')
    expect(lookup).toHaveBeenCalled()
    setUpLanguage('en', english)
  })

  test('messages added later are seen, even for a key asked before they came', () => {
    const instance = setUpLanguage('en', english)
    // A namespace the store's types do not know.
    const t = instance.t as unknown as (key: string, options: { ns: string }) => string
    expect(t('later.key', { ns: 'later' })).toBe('later.key')
    instance.addResourceBundle('en', 'later', { 'later.key': 'Here now' })
    expect(t('later.key', { ns: 'later' })).toBe('Here now')
    // The store's own instance is set up again for the other tests.
    setUpLanguage('en', english)
  })

  // Every message with values or a count, in both languages, against i18next left as it is.
  test.each([
    ['en', english],
    ['ur', urdu],
  ] as const)('%s: each message with values, for every plural form, reads as i18next writes it', (lang, messages) => {
    const { fast, plain } = bothWays(lang, messages)
    let compared = 0
    for (const [ns, bundle] of Object.entries(messages as Messages)) {
      for (const [key, text] of Object.entries(bundle as Record<string, string>)) {
        const names = [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!)
        if (!names.length) continue
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
        // A name with HTML's characters and a placeholder's: filled in as written, never read again.
        const values = Object.fromEntries(names.map((n) => [n, `<${n}> & {{${n}}}`]))
        const counts = base === key ? [undefined] : [0, 1, 2, 5, 11, 21, 1.5]
        for (const count of counts) {
          const options = { ns, lng: lang, ...values, ...(count === undefined ? {} : { count }) }
          // Asked twice: the second answer is the remembered message's.
          expect(ask(fast, base, options), `${lang} ${ns} ${base} ${count}`).toBe(ask(plain, base, options))
          expect(ask(fast, base, options), `${lang} ${ns} ${base} ${count}`).toBe(ask(plain, base, options))
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(100)
    setUpLanguage(lang, messages)
  })
})
