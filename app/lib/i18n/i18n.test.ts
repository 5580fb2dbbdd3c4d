import { describe, expect, test } from 'vitest'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { setUpLanguage } from './i18n.ts'

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
})
