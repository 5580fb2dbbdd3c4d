import { describe, expect, test } from 'vitest'
import { langOfPath, localePath, preferredLang, withoutLang } from '#contracts/languages.ts'

describe('language paths', () => {
  test.each([
    ['/', 'en', '/'],
    ['/collection', 'en', '/collection'],
    ['/ur', 'ur', '/'],
    ['/ur/', 'ur', '/'],
    ['/ur/collection', 'ur', '/collection'],
    ['/urdu', 'en', '/urdu'],
    ['/user/ur', 'en', '/user/ur'],
  ])('%s is %s, %s without its prefix', (path, lang, bare) => {
    expect(langOfPath(path)).toBe(lang)
    expect(withoutLang(path)).toBe(bare)
  })

  test.each([
    ['ur', '/', '/ur'],
    ['ur', '/collection?q=kurta#top', '/ur/collection?q=kurta#top'],
    ['ur', '/ur/cart', '/ur/cart'],
    ['en', '/ur/cart?x=1', '/cart?x=1'],
    ['en', '/ur', '/'],
    ['ur', '?page=2', '?page=2'],
    ['ur', '#main', '#main'],
    ['ur', 'https://wa.me/923001234567', 'https://wa.me/923001234567'],
    ['ur', '//evil.example/x', '//evil.example/x'],
  ] as const)('%s: %s is %s', (lang, to, expected) => {
    expect(localePath(lang, to)).toBe(expected)
  })
})

describe('Accept-Language', () => {
  test.each([
    ['ur-PK,ur;q=0.9,en;q=0.8', 'ur'],
    ['en-GB,ur;q=0.5', 'en'],
    ['ur', 'ur'],
    ['fr-FR,ur;q=0.3', 'ur'],
    ['fr', undefined],
    ['', undefined],
    [null, undefined],
    ['ur;q=0,en;q=0.1', 'en'],
    ['ur;q=abc', undefined],
  ])('%s prefers %s', (header, lang) => {
    expect(preferredLang(header)).toBe(lang)
  })
})
