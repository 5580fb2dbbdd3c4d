import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#contracts/languages.ts'
import { MAIL_MESSAGES, formatDate, translator } from '#server/mail/i18n.ts'

// locales/<lang>/mail.json stay in step: every message in every language, with the same
// placeholders, and the plural forms CLDR gives each language.

const placeholders = (message: string) => [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')

describe('the emails’ messages', () => {
  it('has every key in every language, none empty', () => {
    const keys = Object.keys(MAIL_MESSAGES.en).sort()
    for (const lang of LANGUAGES) {
      const messages = MAIL_MESSAGES[lang]
      expect(Object.keys(messages).sort(), `locales/${lang}/mail.json`).toEqual(keys)
      for (const [key, value] of Object.entries(messages)) expect(value.trim(), `${lang}: ${key}`).not.toBe('')
    }
  })

  it('gives a message the same placeholders in every language', () => {
    for (const [key, english] of Object.entries(MAIL_MESSAGES.en))
      for (const lang of LANGUAGES)
        expect(placeholders(MAIL_MESSAGES[lang][key] ?? ''), `${lang}: ${key}`).toEqual(placeholders(english))
  })

  it('writes each plural in the forms its language has (CLDR)', () => {
    for (const lang of LANGUAGES) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories
      const plurals = Object.keys(MAIL_MESSAGES[lang]).filter((k) => baseKey(k) !== k)
      expect(plurals.length).toBeGreaterThan(0)
      for (const base of new Set(plurals.map(baseKey)))
        for (const category of categories)
          expect(MAIL_MESSAGES[lang], `${lang}: ${base}_${category}`).toHaveProperty([`${base}_${category}`])
    }
  })

  it('picks the plural form and fills the placeholders', () => {
    expect(translator('en')('orderPlaced.lapse', { count: 1 })).toContain('within 1 hour is')
    expect(translator('en')('orderPlaced.lapse', { count: 48 })).toContain('within 48 hours is')
    expect(translator('ur')('orderPlaced.lapse', { count: 48 })).toContain('48 گھنٹوں کے اندر')
    // Values are inserted as given: React escapes them once, when the email is rendered.
    expect(translator('en')('verify.body', { name: '<b>A&B</b>' })).toBe(
      'Hi <b>A&B</b>, please confirm that this is your email address:',
    )
  })

  it('writes days in Karachi’s calendar, in Urdu with Latin digits', () => {
    // 23:30 UTC on 24 November is already 25 November in Karachi.
    const at = Date.UTC(2026, 10, 24, 23, 30)
    expect(formatDate('en', at)).toBe('25 November 2026')
    expect(formatDate('ur', at)).toBe('25 نومبر، 2026')
  })
})
