import type { ReactNode } from 'react'
import { describe, expect, test } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
// eslint-disable-next-line no-restricted-syntax -- react-i18next's own, which reads the hook's t.ns
import { I18nextProvider, Trans } from 'react-i18next'
import { createInstance } from 'i18next'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { languageOptions, type Messages } from '#app/lib/i18n/i18n.ts'

function instance(lng: 'en' | 'ur', messages: Record<string, Record<string, string>>) {
  // The store's own settings, with a few messages of our own.
  const i18n = createInstance()
  void i18n.init(languageOptions(lng, messages as unknown as Messages))
  return i18n
}

describe('useTranslation', () => {
  const en = instance('en', { common: { 'sale.was': 'Was {{price}}' }, catalog: { 'collection.title': 'Collection' } })
  const ur = instance('ur', { common: { 'sale.was': 'پہلے {{price}}' }, catalog: { 'collection.title': 'کلیکشن' } })
  const answers: unknown[] = []
  const drawIn = (i18n: typeof en, page: ReactNode) =>
    renderToStaticMarkup(<I18nextProvider i18n={i18n}>{page}</I18nextProvider>)

  function Page() {
    const common = useTranslation()
    const catalog = useTranslation('catalog')
    answers.push(common, catalog)
    return (
      <p>
        {common.t('sale.was', { price: 'Rs 900' })} · {catalog.t('collection.title')} · {String(common.ready)}
      </p>
    )
  }

  test('reads the page’s language and the namespace asked for, the default one otherwise', () => {
    const draw = (i18n: typeof en) => drawIn(i18n, <Page />)
    expect(draw(en)).toBe('<p>Was Rs 900 · Collection · true</p>')
    expect(draw(ur)).toBe('<p>پہلے Rs 900 · کلیکشن · true</p>')
  })

  test('each language and namespace gets one answer, made once and given again', () => {
    answers.length = 0
    const draw = () => drawIn(en, <Page />)
    draw()
    draw()
    expect(answers).toHaveLength(4)
    expect(answers[2]).toBe(answers[0])
    expect(answers[3]).toBe(answers[1])
    expect(answers[0]).not.toBe(answers[1])
    const [t, i18n] = answers[0] as [unknown, unknown]
    expect(i18n).toBe(en)
    expect((answers[0] as { t: unknown }).t).toBe(t)
  })

  test('<Trans> given the hook’s t finds its message in that t’s namespace', () => {
    function Sentence() {
      const { t } = useTranslation('catalog')
      return (
        <p>
          <Trans t={t} i18nKey="collection.title" />
        </p>
      )
    }
    const draw = (i18n: typeof en) => drawIn(i18n, <Sentence />)
    expect(draw(en)).toBe('<p>Collection</p>')
    expect(draw(ur)).toBe('<p>کلیکشن</p>')
  })
})
