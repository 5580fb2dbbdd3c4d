import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { LANGUAGES } from '#contracts/languages.ts'

// Both languages hold the same storefront keys (docs/decisions/022): a key in one file
// and not the other would show English in an Urdu page, or the key itself.
const root = path.resolve(import.meta.dirname, '../../../locales')
/** The console's messages: English only for now. */
const ENGLISH_ONLY = new Set(['admin'])
const PLURAL = /_(zero|one|two|few|many|other)$/

function namespaces(lang: string): string[] {
  return fs
    .readdirSync(path.join(root, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort()
}

function read(lang: string, ns: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(root, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>
}

describe('messages', () => {
  const english = namespaces('en')

  test('every language has the storefront namespaces, and each index loads them all', () => {
    for (const lang of LANGUAGES) {
      expect(namespaces(lang).filter((ns) => !ENGLISH_ONLY.has(ns))).toEqual(
        english.filter((ns) => !ENGLISH_ONLY.has(ns)),
      )
      const index = fs.readFileSync(path.join(root, lang, 'index.ts'), 'utf8')
      for (const ns of english.filter((n) => !ENGLISH_ONLY.has(n) && n !== 'mail')) {
        expect(index, `${lang}/index.ts loads ${ns}`).toContain(`./${ns}.json`)
      }
    }
  })

  // The console's: English only for now, and a language written for it later holds the
  // same keys and placeholders, and is loaded (locales/README.md).
  test('admin: each language the console is written in has its keys, and console.ts loads it', () => {
    const registry = fs.readFileSync(path.join(import.meta.dirname, 'console.ts'), 'utf8')
    const written = LANGUAGES.filter((lang) => fs.existsSync(path.join(root, lang, 'admin.json')))
    expect(written).toContain('en')
    const en = read('en', 'admin')
    const names = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()
    for (const lang of written) {
      const messages = read(lang, 'admin')
      expect(Object.keys(messages).sort(), `${lang}/admin.json`).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(messages)) {
        expect(typeof value === 'string' && value.trim() !== '', `${lang}/admin.json ${key}`).toBe(true)
        expect(names(value), `${lang}/admin.json ${key}`).toEqual(names(en[key]))
      }
      expect(registry, `console.ts loads ${lang}`).toContain(`${lang}: () => import('#locales/${lang}/admin.json')`)
    }
  })

  for (const ns of english.filter((n) => !ENGLISH_ONLY.has(n))) {
    test(`${ns}: the same keys in every language, each a non-empty text`, () => {
      const keys = (lang: string) => Object.keys(read(lang, ns)).sort()
      for (const lang of LANGUAGES) {
        expect(keys(lang), `${lang}/${ns}.json`).toEqual(keys('en'))
        for (const [key, value] of Object.entries(read(lang, ns))) {
          expect(typeof value === 'string' && value.trim() !== '', `${lang}/${ns}.json ${key}`).toBe(true)
        }
      }
    })

    test(`${ns}: interpolations match across languages, and plurals have their forms`, () => {
      const en = read('en', ns)
      for (const lang of LANGUAGES) {
        const other = read(lang, ns)
        for (const [key, value] of Object.entries(en)) {
          const names = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()
          expect(names(other[key]), `${lang}/${ns}.json ${key}`).toEqual(names(value))
          if (PLURAL.test(key)) {
            const base = key.replace(PLURAL, '')
            // English and Urdu both have CLDR's 'one' and 'other'.
            expect(Object.keys(other), `${lang}/${ns}.json ${base}`).toEqual(
              expect.arrayContaining([`${base}_one`, `${base}_other`]),
            )
          }
        }
      }
    })
  }
})
